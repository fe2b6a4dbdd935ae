"""Dice Throne's effects: the typed step vocabulary (``steps``), one handler module per
topic (``script``, ``single``, ``tokens``, ``dice``, ``companions``), the rewrites that
turn steps into offers (``offers``, ``foes``), triggers (``triggers``) and the
interpreter putting them together (``interpreter``) on the kernel (``engines.core.effects``).
"""
