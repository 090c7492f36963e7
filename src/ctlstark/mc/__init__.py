"""check stage of the ctlstark pipeline (see DESIGN)."""
