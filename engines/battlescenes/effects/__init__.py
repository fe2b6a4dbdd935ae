"""The effect language (9.1): the interpreter, the Effect Tree, triggered and replacement
effects, and the procedures (``procedures/``) each card text is made of."""
