"""The storage interface: everything the bot may know of a store, and all it may import from
``storage`` besides ``open_store``. Every backend (``storage.memory``, ``storage.sqlite``,
``storage.postgres``) implements it and passes the same contract tests in ``tests/storage``.

``records`` holds the records (pydantic) a store keeps and hands out, ``errors`` what it raises;
then one module a repository, with its protocol and the records only it uses, named as each
backend names its implementation: ``tables``, ``people`` (users and chats), ``sends``,
``matches``, ``scores``, ``seasons``, ``tournaments``; ``store`` is one opened store with them
all. The names the bot uses most are in ``storage`` itself.
"""
