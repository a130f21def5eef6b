"""The coach: the 💡 hint and the 🔍 review in words, and a finished deal replayed."""
