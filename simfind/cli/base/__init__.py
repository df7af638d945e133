"""What the commands share: the grammar's parts (arguments), a run of the engine (running),
the rows printed (output, tables), the terminal (terminal), the language the command
line speaks (speaking) and the core's outcomes in it, with its own frames (words).

Imported by module; this face loads nothing.
"""
