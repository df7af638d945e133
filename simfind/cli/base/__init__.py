"""What the commands share: the grammar's parts (arguments), a run of the engine (running),
the rows printed (output, tables), the terminal (terminal), the core's outcomes in
English (words).

Imported by module; this face loads nothing.
"""
