"""Running safely: deep stacks for deep formulas (`stack`), time limits and Ctrl-C (`limits`), progress reports (`progress`),
frozen dataclasses compiled at once (`records`).

Infrastructure every stage uses and none owns; it imports nothing of the pipeline but
`errors`.
"""
