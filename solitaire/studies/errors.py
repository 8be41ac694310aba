"""The study machinery's one expected error class (the CLI prints it as one line)."""


class StudyError(ValueError):
    """Bad study input: run directory, experiment file, scheduler, deal set."""
