package mirror

import (
	"cmp"
	"time"

	"storefront/server/internal/shop"
)

// AuditEntry is an entry of the audit trail (issue 44) under its sequence
// number.
type AuditEntry struct {
	Seq        int64            `bson:"_id"`
	At         time.Time        `bson:"at"`
	ActorID    string           `bson:"actorId,omitempty"`
	ActorKey   string           `bson:"actorKey,omitempty"`
	ActorRole  string           `bson:"actorRole,omitempty"`
	Action     string           `bson:"action"`
	TargetKind string           `bson:"targetKind,omitempty"`
	TargetID   string           `bson:"targetId,omitempty"`
	Changes    []AuditChange    `bson:"changes,omitempty"`
	IP         string           `bson:"ip,omitempty"`
	UserAgent  string           `bson:"userAgent,omitempty"`
	Outcome    string           `bson:"outcome"`
	Status     int              `bson:"status,omitempty"`
	Count      int              `bson:"count,omitempty"`
	Checkpoint *AuditCheckpoint `bson:"checkpoint,omitempty"`
	Prev       string           `bson:"prev"`
	Hash       string           `bson:"hash"`
}

// AuditChange is shop.AuditChange as stored.
type AuditChange struct {
	Field  string `bson:"field"`
	Before string `bson:"before,omitempty"`
	After  string `bson:"after,omitempty"`
}

// AuditCheckpoint is shop.AuditCheckpoint as stored.
type AuditCheckpoint struct {
	Through int64  `bson:"through"`
	Hash    string `bson:"hash"`
}

// NewAuditEntry is the entry as stored.
func NewAuditEntry(e shop.AuditEntry) AuditEntry {
	d := AuditEntry{Seq: e.Seq, At: e.At.UTC(), ActorID: e.ActorID, ActorKey: e.ActorKey, ActorRole: e.ActorRole, Action: e.Action,
		TargetKind: e.TargetKind, TargetID: e.TargetID, IP: e.IP, UserAgent: e.UserAgent, Outcome: e.Outcome, Status: e.Status,
		Count: e.Count, Prev: e.Prev, Hash: e.Hash}
	for _, c := range e.Changes {
		d.Changes = append(d.Changes, AuditChange(c))
	}
	if e.Checkpoint != nil {
		cp := AuditCheckpoint(*e.Checkpoint)
		d.Checkpoint = &cp
	}
	return d
}

// Shop is the document as the domain has it.
func (d AuditEntry) Shop() shop.AuditEntry {
	e := shop.AuditEntry{Seq: d.Seq, At: d.At.UTC(), ActorID: d.ActorID, ActorKey: d.ActorKey, ActorRole: d.ActorRole, Action: d.Action,
		TargetKind: d.TargetKind, TargetID: d.TargetID, IP: d.IP, UserAgent: d.UserAgent, Outcome: d.Outcome, Status: d.Status,
		Count: d.Count, Prev: d.Prev, Hash: d.Hash}
	for _, c := range d.Changes {
		e.Changes = append(e.Changes, shop.AuditChange(c))
	}
	if d.Checkpoint != nil {
		cp := shop.AuditCheckpoint(*d.Checkpoint)
		e.Checkpoint = &cp
	}
	return e
}

// Audit keeps the entries by sequence number.
func Audit(name string) *Mirror[int64, AuditEntry] {
	return &Mirror[int64, AuditEntry]{
		Name: name, IDOf: func(d *AuditEntry) int64 { return d.Seq }, CmpID: cmp.Compare[int64],
		Orders: []*OrderIndex[int64, AuditEntry]{
			{Name: "seq", Cmp: func(a, b *AuditEntry) int { return cmp.Compare(a.Seq, b.Seq) }},
		},
	}
}

// AuditMatches is an AuditQuery as the mirror walks it.
func AuditMatches(q shop.AuditQuery) func(*AuditEntry) bool {
	return func(d *AuditEntry) bool {
		return q.Matches(shop.AuditEntry{ActorID: d.ActorID, ActorKey: d.ActorKey, Action: d.Action, TargetID: d.TargetID, At: d.At})
	}
}
