"""The procedures (9.1.1) of the effect language, one handler per ``Step.op``, grouped by
what they act on; the interpreter (``effects/interpreter.py``) dispatches through their
``HANDLERS`` tables."""
