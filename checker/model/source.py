"""Where a record came from: every record keeps its file and first line."""

from pydantic import BaseModel, ConfigDict


class SourceLocation(BaseModel):
    model_config = ConfigDict(frozen=True)

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"
