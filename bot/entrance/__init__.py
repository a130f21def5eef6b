"""The one entrance of every press: a button in Telegram, a tap on the page, a /start link or a
command that does what a button does all come here as (who pressed, the button's data) and leave
with a ``Reply``. ``buttons`` is the table from a button's kind to its use case and the doors that
offer it; ``presser`` says who pressed, asked once and lazily; ``door`` runs a press."""
