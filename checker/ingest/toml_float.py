"""The PHH reader's TOML float: a class of its own module because mypyc compiles phh.py and
cannot compile a subclass of str (checker/native.py)."""


class TomlFloat(str):
    """A TOML float kept as its text, so money never passes through a binary float (and a
    float is still told apart from a string)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)
