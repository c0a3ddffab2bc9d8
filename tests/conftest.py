"""The order the two pytest-xdist workers run the tests in. `--dist worksteal` hands each worker a contiguous half of
the collection, and an idle worker steals from the end of the other's half, so a long test collected last ends the run
on one worker while the other waits. The wheel check (it builds the wheel and installs it with torch into a fresh venv:
the longest test) therefore goes first; every other test keeps its collection order."""


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: item.originalname != "test_wheel")      # stable: the rest keep their order
