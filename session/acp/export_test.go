package acp

// What the external tests see of the reader's insides.

const MaxValueLines = maxValueLines
