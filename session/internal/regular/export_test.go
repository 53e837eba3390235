package regular

// OpenLooked is the open that follows Open's look, for the test that swaps
// the file between the two.
var OpenLooked = open
