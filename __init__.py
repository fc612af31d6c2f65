"""agent-memory: long-term memory for a personal AI agent."""

__version__ = "0.1.0"
