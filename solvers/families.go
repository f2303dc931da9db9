package solvers

// Families are the ways of posing Sudoku the suite knows, in the order
// reports draw their panels: the one list, which solver definitions are
// checked against. Each call returns a fresh copy.
func Families() []string {
	return []string{"exactcover", "sat", "milp", "qubo", "cp", "smt", "asp", "direct", "neural"}
}
