"""standalone/cli."""
