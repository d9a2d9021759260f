package shop

// DataSet names what a cached answer is read from.
type DataSet int

// The data sets whose answers are cached.
const (
	ProductData DataSet = iota
	ReviewData
	OrderData
)

// Versions counts the writes to each data set: a read cache compares a
// set's version to know its answer is stale. Versions only grow.
type Versions interface {
	DataVersion(DataSet) uint64
}
