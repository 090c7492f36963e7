"""witness stage of the ctlstark pipeline (see DESIGN)."""
