package mirror

// SpecList is a product's stored specifications. MongoDB stores them as
// the array of documents DESIGN shows; the embedded store stores them
// packed in one binary value holding that array (mongodb/specs.go, the
// store's codec): FerretDB decodes and encodes a document value by value on
// every read and write (an order's stock change rewrites its product,
// start-up reads every product), and thirty specifications are about
// ninety values of a product's hundred and twenty. Either form decodes on
// either store, so a backup moves between them.
type SpecList []Spec
