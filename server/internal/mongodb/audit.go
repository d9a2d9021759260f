package mongodb

import (
	"context"
	"math"
	"regexp"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// The audit trail (shop.AuditStore, issue 44). Each entry is stored under
// its sequence number, and carries the hash of the one before. The chain's
// head, {_id: "head", seq, hash, entry}, is one document read by _id: an
// append is ONE guarded write on it (the filter: seq is still the one read),
// which also keeps the entry being appended; the entry is then inserted
// under its number. Two appends at once (two instances): one write wins,
// the other reads the head again and follows it, so the chain never forks.
// A crash between the head's write and the insert leaves the entry on the
// head, and the next append inserts it first: no number is ever skipped.

var _ shop.AuditStore = (*Store)(nil)

// The collections of the trail.
const (
	CollAudit      = "audit"
	collAuditChain = "audit_chain"
	auditHeadID    = "head"
)

type auditChainDoc struct {
	ID    string             `bson:"_id"`
	Seq   int64              `bson:"seq"`
	Hash  string             `bson:"hash"`
	Entry *mirror.AuditEntry `bson:"entry,omitempty"`
}

// auditHead reads the head (a zero head, found false, when there is none).
func (s *Store) auditHead(ctx context.Context) (auditChainDoc, bool, error) {
	d, err := s.auditChain.findOne(ctx, bson.D{{Key: "_id", Value: auditHeadID}})
	switch shop.ErrorCode(err) {
	case "":
		return d, true, nil
	case shop.ENOTFOUND:
		return auditChainDoc{ID: auditHeadID}, false, nil
	}
	return d, false, err
}

// storeAuditEntry inserts an entry the head holds (again: a duplicate is
// the entry stored already).
func (s *Store) storeAuditEntry(ctx context.Context, d mirror.AuditEntry) error {
	err := translate(s.audit.insert(ctx, d), "")
	if shop.ErrorCode(err) == shop.ECONFLICT {
		return nil
	}
	return err
}

// AppendAudit appends e at the end of the chain.
func (s *Store) AppendAudit(ctx context.Context, e shop.AuditEntry, hash func(shop.AuditEntry) string) (shop.AuditEntry, error) {
	ctx = context.WithoutCancel(ctx) // what happened is recorded, whoever stopped waiting
	e.At = e.At.UTC().Truncate(time.Millisecond)
	s.auditMu.Lock()
	defer s.auditMu.Unlock()
	for attempt := 0; ; attempt++ {
		head, found, err := s.auditHead(ctx)
		if err != nil {
			return e, err
		}
		if head.Entry != nil {
			// The head's entry is stored by the append that set it, right
			// after; only a crash between the two leaves it out. Look for it
			// (by _id) before inserting it: an insert refused as a duplicate
			// on every append made the embedded store read the entry back
			// and log it as a repair of its in-memory copy.
			_, err := s.audit.get(ctx, head.Entry.Seq)
			if shop.ErrorCode(err) == shop.ENOTFOUND {
				err = s.storeAuditEntry(ctx, *head.Entry)
			}
			if err != nil {
				return e, err
			}
		}
		e.Seq, e.Prev = head.Seq+1, head.Hash
		e.Hash = hash(e)
		doc := mirror.NewAuditEntry(e)
		next := auditChainDoc{ID: auditHeadID, Seq: e.Seq, Hash: e.Hash, Entry: &doc}
		if !found {
			err = translate(s.auditChain.insert(ctx, next), "")
		} else {
			seq := head.Seq
			_, err = s.auditChain.update(ctx, auditHeadID, guard[auditChainDoc]{
				filter: bson.D{{Key: "seq", Value: seq}},
				check: func(d auditChainDoc) error {
					if d.Seq != seq {
						return shop.Errorf(shop.ECONFLICT, "The audit trail moved on.")
					}
					return nil
				},
			}, bson.D{{Key: "$set", Value: bson.D{{Key: "seq", Value: next.Seq}, {Key: "hash", Value: next.Hash}, {Key: "entry", Value: next.Entry}}}})
		}
		switch {
		case shop.ErrorCode(err) == shop.ECONFLICT && attempt < 50: // another append won: follow it
			continue
		case err != nil:
			return e, err
		}
		return e, s.storeAuditEntry(ctx, doc)
	}
}

// auditFilter is an AuditQuery for MongoDB (the indexes audit_actor,
// audit_action, audit_target; embedded: mirror.AuditMatches).
func auditFilter(q shop.AuditQuery) bson.D {
	f := bson.D{}
	if q.ActorID != "" {
		f = append(f, bson.E{Key: "actorId", Value: q.ActorID})
	}
	if q.ActorKey != "" {
		f = append(f, bson.E{Key: "actorKey", Value: q.ActorKey})
	}
	if q.Action != "" {
		f = append(f, bson.E{Key: "action", Value: bson.D{{Key: "$regex", Value: "^" + regexp.QuoteMeta(q.Action)}}})
	}
	if q.TargetID != "" {
		f = append(f, bson.E{Key: "targetId", Value: q.TargetID})
	}
	at := bson.D{}
	if q.From != nil {
		at = append(at, bson.E{Key: "$gte", Value: q.From.UTC()})
	}
	if q.To != nil {
		at = append(at, bson.E{Key: "$lt", Value: q.To.UTC()})
	}
	if len(at) > 0 {
		f = append(f, bson.E{Key: "at", Value: at})
	}
	return f
}

var auditNewestFirst = bson.D{{Key: "_id", Value: -1}}

// ListAudit answers a page of the entries q matches, newest first.
func (s *Store) ListAudit(ctx context.Context, q shop.AuditQuery, limit, skip int) ([]shop.AuditEntry, int64, error) {
	docs, total, err := s.audit.list(ctx, listQuery[mirror.AuditEntry]{index: "seq", desc: true, match: mirror.AuditMatches(q),
		filter: auditFilter(q), sort: auditNewestFirst, skip: skip, limit: limit})
	return mirror.ShopAll[shop.AuditEntry](docs), total, err
}

// EachAudit calls fn with every entry, oldest first, as the database holds
// them (never the mirror: a check of the chain reads what is stored).
func (s *Store) EachAudit(ctx context.Context, fn func(shop.AuditEntry) bool) error {
	docs, err := s.audit.findAll(ctx, bson.D{}, options.Find().SetSort(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return err
	}
	for _, d := range docs {
		if !fn(d.Shop()) {
			return nil
		}
	}
	return nil
}

// OldestAudit calls fn with the entries, oldest first, until it answers
// false: embedded from the mirror a page at a time (the retention's hourly
// look at the oldest entries had FerretDB read and sort the whole trail,
// 2 CPU-s at 19,000 entries; issue 46), with MongoDB as EachAudit.
func (s *Store) OldestAudit(ctx context.Context, fn func(shop.AuditEntry) bool) error {
	m := s.audit.mem
	if m == nil {
		return s.EachAudit(ctx, fn)
	}
	if err := m.Await(ctx); err != nil {
		return err
	}
	after := int64(math.MinInt64)
	for {
		page := m.Mem.Seek("seq", func(d *mirror.AuditEntry, _ int64) bool { return d.Seq > after }, 500)
		for _, d := range page {
			if !fn(d.Shop()) {
				return nil
			}
			after = d.Seq
		}
		if len(page) < 500 {
			return nil
		}
	}
}

// AuditHead is the last entry's number and hash.
func (s *Store) AuditHead(ctx context.Context) (int64, string, error) {
	head, _, err := s.auditHead(ctx)
	return head.Seq, head.Hash, err
}

// DeleteAuditEntry removes one entry (retention).
func (s *Store) DeleteAuditEntry(ctx context.Context, seq int64) error {
	_, err := s.audit.remove(ctx, seq, guard[mirror.AuditEntry]{})
	return err
}
