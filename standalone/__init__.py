"""standalone."""
