"""ctlstark: a symbolic model checker for multi-agent systems written in ISPL."""

__version__ = "0.1.0"
