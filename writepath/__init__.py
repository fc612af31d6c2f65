"""writepath."""
