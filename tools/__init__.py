"""Build helpers kept out of the package (not installed)."""
