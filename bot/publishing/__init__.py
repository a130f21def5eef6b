"""What the chats see of a table: its group message and the hands drawn after every use case, the
posts it owes, and the pages watching it told that it moved."""
