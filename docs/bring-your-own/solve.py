"""Solve the 9x9 Sudoku line on stdin; print up to argv[1] solutions, or UNSAT."""
import sys

UNITS = [(i // 9, 9 + i % 9, 18 + i // 27 * 3 + i % 9 // 3) for i in range(81)]
PEERS = [[j for j in range(81) if j != i and set(UNITS[i]) & set(UNITS[j])] for i in range(81)]


def search(cells, found, limit):
    best = None  # the empty cell with the fewest candidates
    for i in range(81):
        if cells[i] == 0:
            free = set(range(1, 10)).difference(cells[j] for j in PEERS[i])
            if best is None or len(free) < len(best[1]):
                best = (i, free)
                if len(free) < 2:
                    break
    if best is None:
        found.append("".join(map(str, cells)))
        return len(found) >= limit
    for cells[best[0]] in best[1]:
        if search(cells, found, limit):
            return True
    cells[best[0]] = 0
    return False


cells = [0 if ch in ".0" else int(ch) for ch in sys.stdin.readline().strip()]
found = []
search(cells, found, int(sys.argv[1]) if len(sys.argv) > 1 else 1)
print("\n".join(found) if found else "UNSAT")
