package mirror

import "sync"

// NumberBlockSize is how many order numbers the embedded store takes from
// its counter at once. It is this process's only writer, so it hands them
// out in memory, in order: a placed order stays two writes. At a clean stop
// the numbers not handed out go back to the counter; after a crash they are
// skipped.
const NumberBlockSize = 100

// NumberBlock is the embedded store's numbers taken and not yet handed out.
type NumberBlock struct {
	mu         sync.Mutex
	next, last int64 // next to hand out, last taken; next > last: none left
}

// Next hands out the next number, first taking a block with take (which
// reserves n numbers of the counter and returns the last) when none is
// left.
func (b *NumberBlock) Next(take func(n int64) (last int64, err error)) (int64, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.next == 0 || b.next > b.last {
		last, err := take(NumberBlockSize)
		if err != nil {
			return 0, err
		}
		b.next, b.last = last-NumberBlockSize+1, last
	}
	n := b.next
	b.next++
	return n, nil
}

// Return gives the numbers not handed out, next to last, back with give
// (at stop); once given, the block is empty.
func (b *NumberBlock) Return(give func(next, last int64) error) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.next == 0 || b.next > b.last {
		return nil
	}
	err := give(b.next, b.last)
	if err == nil {
		b.next, b.last = 0, 0
	}
	return err
}
