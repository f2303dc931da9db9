// Package units reads the quantities a user writes on a command line or
// in a request: memory sizes with their units (ParseBytes: "2GiB",
// "512MiB", "1.5G"; 0 or "" for no limit) and finite numbers
// (ParseFinite, which refuses NaN, the infinities and numbers beyond
// float64's range). Every such number the suite reads goes through it, so
// that a bad one is refused with the same words everywhere.
package units
