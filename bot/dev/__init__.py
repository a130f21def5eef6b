"""Development entry points: ``make try`` (the page with no Telegram)."""
