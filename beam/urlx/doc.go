// Package urlx holds Apache Beam transforms over URLs, built on package locator: the bulk
// work of the locator command (parse, check, normalize, SURT, WHATWG hrefs, extract,
// resolve) as steps of a pipeline that runs on one machine (the direct or prism runner) or
// on a cluster (Flink, Spark, Dataflow).
//
// A pipeline reads lines (ReadLines) or whole texts (ReadDocuments), applies an operation
// (Parse, Check, Normalize, SURT, WHATWG, Resolve, Extract, GroupBy) and writes the
// results and the dead letters (Write). Each operation gives two PCollections: the results
// for the inputs it could handle, and a dead-letter record (Invalid: the input, the error's
// byte offset, code and rule) for each of the others, so that nothing is dropped silently.
// The text form of a result is the line the CLI's bulk path ("locator OP -") prints for the
// same input; the tests compare the two over real URL lists. Beam counters (namespace
// Namespace) count the valid and invalid inputs, the schemes and the error codes.
package urlx
