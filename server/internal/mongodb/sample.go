package mongodb

import (
	"context"
	"math/rand/v2"
	"reflect"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/shop"
)

// The mirror is kept exact by its writes (mutate.go). As a check that it
// stays so, the embedded store compares a sample of it with the store at
// start and every SampleEvery (Config.SampleEvery): SampleSize random documents of each
// collection, read by _id, and the number of documents. A difference is
// logged, counted (storefront_store_mirror_differences_total) and
// repaired: the document is read back, or the whole collection reloaded
// when the counts differ.
const (
	SampleEvery = 10 * time.Minute
	SampleSize  = 50
)

// randomIDs returns up to n ids of the mirror, chosen at random.
func (m *mirror[K, D]) randomIDs(n int) []K {
	m.mu.RLock()
	ids := make([]K, 0, len(m.docs))
	for id := range m.docs {
		ids = append(ids, id)
	}
	m.mu.RUnlock()
	rand.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	return ids[:min(n, len(ids))]
}

// sample compares n random documents of the mirror, and the number of
// documents, with the store, and repairs what differs. It returns how many
// differences it found.
func (t *collection[K, D]) sample(ctx context.Context, n int) (int, error) {
	if err := t.await(ctx); err != nil {
		return 0, err
	}
	found := 0
	for _, id := range t.mem.randomIDs(n) {
		err := t.s.write(ctx, "", func(ctx context.Context) error {
			stored, err := t.findOne(ctx, bson.D{{Key: "_id", Value: id}})
			if err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
				return err
			}
			mem, inMem := t.mem.get(id)
			if err == nil && t.mem.prepare != nil {
				t.mem.prepare(&stored)
			}
			if inMem == (err == nil) && (!inMem || reflect.DeepEqual(mem, stored)) {
				return nil
			}
			found++
			t.s.log.Error("the in-memory copy differed from the store; read back", "collection", t.name, "id", idText(id),
				"memory", mem, "store", stored)
			if err == nil {
				t.mem.put(stored)
			} else {
				t.mem.remove(id)
			}
			return nil
		})
		if err != nil {
			return found, err
		}
	}
	err := t.s.write(ctx, "", func(ctx context.Context) error {
		stored, err := t.c.EstimatedDocumentCount(ctx)
		if err != nil {
			return err
		}
		if int(stored) == t.mem.len() {
			return nil
		}
		found++
		t.s.log.Error("the in-memory copy holds another number of documents than the store; reloaded", "collection", t.name,
			"memory", t.mem.len(), "store", stored)
		docs, err := t.all(ctx)
		if err != nil {
			return err
		}
		t.mem.load(docs)
		return nil
	})
	return found, err
}

// CheckSample compares a sample of every mirror with the store (see
// SampleSize) and repairs what differs; it returns the number of
// differences found (0 with MONGODB_URI, which has no mirrors).
func (s *Store) CheckSample(ctx context.Context, n int) (int, error) {
	total := 0
	for _, m := range s.mirrors {
		found, err := m.sample(ctx, n)
		total += found
		for range found {
			shop.Tell(s.telemetry, shop.EventMirrorDifference)
		}
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

// sampleLoop runs CheckSample now and then every interval until ctx ends.
func (s *Store) sampleLoop(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		if _, err := s.CheckSample(ctx, SampleSize); err != nil && ctx.Err() == nil {
			s.log.Error("comparing a sample of the in-memory copy with the store failed", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
