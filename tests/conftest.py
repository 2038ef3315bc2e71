import sys
from pathlib import Path

# The test helpers (reference solver, random positions) import as plain modules.
sys.path.insert(0, str(Path(__file__).parent))
