"""The page: the table drawn in a browser (a Telegram Mini App, or ``make try`` on 127.0.0.1).

``auth`` checks Telegram's initData and signs sessions; ``scene`` turns what a viewer may see
(their seat's observation, else the public view) into JSON with the bot's own words and buttons;
``replay`` does the same for each step of a finished deal; ``live`` tells open pages that a table
moved; ``server`` is the HTTP app on the bot's event loop; ``trial`` is ``make try``. The page
decides nothing: a tap is a button press."""
