"""A table's use cases, with no Telegram in sight: the lobby, a human's moves, the timers' and
computers' turns and absence, the admin's, over one small kernel (lock, load, apply, commit); and the
computer players that think for the seats."""
