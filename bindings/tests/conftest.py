import os
import pathlib

import pytest

ROOT = pathlib.Path(os.environ.get("PTORW_SOURCE_ROOT") or pathlib.Path(__file__).resolve().parents[2])


@pytest.fixture
def root():
    return ROOT
