package shop

import (
	"context"
	"strings"
	"time"
)

// The audit trail (issue 44; OWASP ASVS 5.0 16.2.1, 16.3.1-16.3.3): who did
// what, when, from where and with what outcome, append-only, each entry
// carrying the hash of the one before so that an edited or removed entry
// is found. People are named by account id (an unknown address tried at
// sign-in by a keyed hash), never by e-mail, and no entry holds a password,
// token, code, secret or card number.

// AuditEntry is one entry (collection `audit`, _id its sequence number).
type AuditEntry struct {
	Seq        int64         `json:"seq"`
	At         time.Time     `json:"at"`
	ActorID    string        `json:"actorId,omitempty"`  // an account's id
	ActorKey   string        `json:"actorKey,omitempty"` // keyed hash of an address no account has
	ActorRole  string        `json:"actorRole,omitempty"`
	Action     string        `json:"action"`
	TargetKind string        `json:"targetKind,omitempty"`
	TargetID   string        `json:"targetId,omitempty"`
	Changes    []AuditChange `json:"changes,omitempty"`
	IP         string        `json:"ip,omitempty"`
	UserAgent  string        `json:"userAgent,omitempty"`
	Outcome    string        `json:"outcome"`
	Status     int           `json:"status,omitempty"`
	// Count: refusals from one client counted into this one entry.
	Count int `json:"count,omitempty"`
	// Checkpoint: the entries up to and including Through were pruned; the
	// last of them had the hash Hash.
	Checkpoint *AuditCheckpoint `json:"checkpoint,omitempty"`
	Prev       string           `json:"prev"`
	Hash       string           `json:"hash"`

	// Actor and Target are for the admins' view only (never stored): the
	// live account's e-mail, or FormerCustomer for an erased one.
	Actor  string `json:"actor"`
	Target string `json:"target,omitempty"`
}

// AuditChange is one changed field, with its value before and after where
// small.
type AuditChange struct {
	Field  string `json:"field"`
	Before string `json:"before,omitempty"`
	After  string `json:"after,omitempty"`
}

// AuditCheckpoint is what a pruning leaves in the chain.
type AuditCheckpoint struct {
	Through int64  `json:"through"`
	Hash    string `json:"hash"`
}

// The outcomes.
const (
	OutcomeSuccess = "success"
	OutcomeFailure = "failure"
	OutcomeRefused = "refused"
)

// The actors who are not accounts.
const (
	ActorOperator = "operator"                      // a command run on the server
	ActorUnknown  = "an address with no account"    // ActorKey's
	ActorSystem   = "the store (retention, sweeps)" // entries the store writes itself (ActorRole "system")
	ActorNobody   = "someone not signed in"
	RoleSystem    = "system"
)

// The actions that are not routes (the routes' are in the HTTP layer's table).
const (
	ActionRefused       = "authorization.refused"
	ActionCheckpoint    = "audit.pruned"
	ActionOperatorMFA   = "operator.mfa-reset"
	ActionOperatorCheck = "operator.verify-address"
)

// DefaultAuditRetention is AUDIT_RETENTION_DAYS' default.
const DefaultAuditRetention = 400 * 24 * time.Hour

// AuditQuery filters GET /admin/audit: each set field must match.
type AuditQuery struct {
	ActorID  string
	ActorKey string
	Action   string // a prefix: "user." matches every user action
	TargetID string
	From, To *time.Time
}

// Matches reports whether e is in the query.
func (q AuditQuery) Matches(e AuditEntry) bool {
	switch {
	case q.ActorID != "" && e.ActorID != q.ActorID,
		q.ActorKey != "" && e.ActorKey != q.ActorKey,
		q.Action != "" && !strings.HasPrefix(e.Action, q.Action),
		q.TargetID != "" && e.TargetID != q.TargetID,
		q.From != nil && e.At.Before(*q.From),
		q.To != nil && !e.At.Before(*q.To):
		return false
	}
	return true
}

// AuditVerdict is GET /admin/audit/verify's answer.
type AuditVerdict struct {
	Entries int64  `json:"entries"`
	OK      bool   `json:"ok"`
	Problem string `json:"problem,omitempty"`
	Seq     int64  `json:"seq,omitempty"` // the first entry found wrong
}

// AuditStore keeps the trail. Append is one guarded write on the chain's
// head document, so that several instances never fork the chain.
type AuditStore interface {
	// AppendAudit gives e the next sequence number and the head's hash as
	// Prev, sets e.Hash = hash(e), and appends it.
	AppendAudit(ctx context.Context, e AuditEntry, hash func(AuditEntry) string) (AuditEntry, error)
	// ListAudit answers a page of the entries q matches, newest first.
	ListAudit(ctx context.Context, q AuditQuery, limit, skip int) ([]AuditEntry, int64, error)
	// EachAudit calls fn with every entry, oldest first, until it answers
	// false, as the database holds them (the chain's check).
	EachAudit(ctx context.Context, fn func(AuditEntry) bool) error
	// OldestAudit does the same from what the store's reads answer (the
	// embedded store's mirror): the retention's look at the oldest.
	OldestAudit(ctx context.Context, fn func(AuditEntry) bool) error
	// AuditHead is the last entry's sequence number and hash (0, "" when none).
	AuditHead(ctx context.Context) (int64, string, error)
	// DeleteAuditEntry removes one entry (retention only).
	DeleteAuditEntry(ctx context.Context, seq int64) error
}
