package app

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"storefront/server/internal/shop"
)

// Audit is the audit trail (issue 44): entries appended to a hash chain
// (shop.AuditStore), read by admins with the live account's e-mail beside
// each id, checked from end to end, and pruned after AUDIT_RETENTION_DAYS
// with a checkpoint entry. Repeated refusals from one client are counted
// into one entry a minute.
type Audit struct {
	Store     shop.AuditStore
	Users     shop.UserStore
	Factors   SecondFactor
	Retention time.Duration // 0: shop.DefaultAuditRetention
	Now       func() time.Time
	Log       *slog.Logger

	mu       sync.Mutex
	refusals map[string]*refusalWindow
}

// refusalWindow is a client's refusals in its current minute: the first
// was written, the others are counted.
type refusalWindow struct {
	start time.Time
	count int
	entry shop.AuditEntry
}

const (
	refusalWindowLength = time.Minute
	maxRefusalWindows   = 10_000
	hashAuditEntry      = "audit-entry"
	hashAuditAddress    = "audit-address"
)

func (a *Audit) now() time.Time {
	if a.Now != nil {
		return a.Now().UTC()
	}
	return time.Now().UTC()
}

// hashedEntry is what an entry's hash covers: every stored field but the
// hash, in a fixed order.
type hashedEntry struct {
	Seq        int64                 `json:"seq"`
	At         string                `json:"at"`
	ActorID    string                `json:"actorId"`
	ActorKey   string                `json:"actorKey"`
	ActorRole  string                `json:"actorRole"`
	Action     string                `json:"action"`
	TargetKind string                `json:"targetKind"`
	TargetID   string                `json:"targetId"`
	Changes    []shop.AuditChange    `json:"changes"`
	IP         string                `json:"ip"`
	UserAgent  string                `json:"userAgent"`
	Outcome    string                `json:"outcome"`
	Status     int                   `json:"status"`
	Count      int                   `json:"count"`
	Checkpoint *shop.AuditCheckpoint `json:"checkpoint"`
	Prev       string                `json:"prev"`
}

// hash is the entry's keyed hash (its key derived from JWT_SECRET: a copy
// of the database alone cannot rewrite the chain).
func (a *Audit) hash(e shop.AuditEntry) string {
	b, _ := json.Marshal(hashedEntry{Seq: e.Seq, At: e.At.UTC().Format(time.RFC3339Nano), ActorID: e.ActorID, ActorKey: e.ActorKey,
		ActorRole: e.ActorRole, Action: e.Action, TargetKind: e.TargetKind, TargetID: e.TargetID, Changes: e.Changes, IP: e.IP,
		UserAgent: e.UserAgent, Outcome: e.Outcome, Status: e.Status, Count: e.Count, Checkpoint: e.Checkpoint, Prev: e.Prev})
	return a.Factors.Hash(hashAuditEntry, string(b))
}

// AddressKey is the keyed hash by which an entry names an address that no
// account has (a sign-in tried with it).
func (a *Audit) AddressKey(email string) string {
	return a.Factors.Hash(hashAuditAddress, shop.NormalizeEmail(email))[:24]
}

// SessionKey is the keyed hash by which an entry names a session.
func (a *Audit) SessionKey(id string) string { return a.Factors.Hash("audit-session", id)[:24] }

// Record appends e, dated now and from the request's origin when it says
// neither. A failure to record is logged, never the request's failure.
func (a *Audit) Record(ctx context.Context, e shop.AuditEntry) {
	if a == nil {
		return
	}
	if e.At.IsZero() {
		e.At = a.now()
	}
	if e.IP == "" && e.UserAgent == "" {
		o := shop.OriginOf(ctx)
		e.IP, e.UserAgent = o.IP, o.UserAgent
	}
	e.Actor, e.Target = "", ""
	if _, err := a.Store.AppendAudit(ctx, e, a.hash); err != nil {
		a.Log.ErrorContext(ctx, "an audit entry was not recorded", "action", e.Action, "error", err)
	}
}

// Refused records a refusal (403): the first from a client in a minute at
// once, the others of that minute as one entry with their count when the
// minute is over.
func (a *Audit) Refused(ctx context.Context, e shop.AuditEntry) {
	if a == nil {
		return
	}
	o := shop.OriginOf(ctx)
	e.IP, e.UserAgent, e.Outcome, e.Action = o.IP, o.UserAgent, shop.OutcomeRefused, cmp.Or(e.Action, shop.ActionRefused)
	now := a.now()
	a.FlushRefusals(ctx, false)
	a.mu.Lock()
	if a.refusals == nil {
		a.refusals = map[string]*refusalWindow{}
	}
	key := e.IP + "\x00" + e.ActorID
	w := a.refusals[key]
	if w != nil {
		w.count++
		a.mu.Unlock()
		return
	}
	a.refusals[key] = &refusalWindow{start: now, entry: e}
	a.mu.Unlock()
	e.Count = 1
	a.Record(ctx, e)
}

// FlushRefusals writes the counted refusals of the windows that are over
// (all of them with all: at a stop).
func (a *Audit) FlushRefusals(ctx context.Context, all bool) {
	if a == nil {
		return
	}
	now := a.now()
	var due []*refusalWindow
	a.mu.Lock()
	for k, w := range a.refusals {
		if all || now.Sub(w.start) >= refusalWindowLength || len(a.refusals) > maxRefusalWindows {
			delete(a.refusals, k)
			if w.count > 0 {
				due = append(due, w)
			}
		}
	}
	a.mu.Unlock()
	for _, w := range due {
		e := w.entry
		e.At, e.Count = time.Time{}, w.count
		a.Record(context.WithoutCancel(ctx), e)
	}
}

// ActorOf names the person behind an address for an entry: the account's
// id, or the keyed hash of an address no account has.
func (a *Audit) ActorOf(ctx context.Context, email string) (id, key string) {
	if u, err := a.Users.FindUserByEmail(ctx, email); err == nil {
		return u.ID, ""
	}
	return "", a.AddressKey(email)
}

// List answers GET /admin/audit: the entries q matches, newest first, each
// actor (and target account) shown by the live account's e-mail, or
// FormerCustomer for an account that is gone.
func (a *Audit) List(ctx context.Context, caller shop.Caller, q shop.AuditQuery, limit, skip int) ([]shop.AuditEntry, int64, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return nil, 0, err
	}
	list, total, err := a.Store.ListAudit(ctx, q, limit, skip)
	if err != nil {
		return nil, 0, err
	}
	emails := map[string]string{}
	name := func(id string) string {
		if id == "" {
			return ""
		}
		if e, ok := emails[id]; ok {
			return e
		}
		e := shop.FormerCustomer
		if u, err := a.Users.FindUserByID(ctx, id); err == nil {
			e = u.Email
		}
		emails[id] = e
		return e
	}
	for i := range list {
		e := &list[i]
		switch {
		case e.ActorID != "":
			e.Actor = name(e.ActorID)
		case e.ActorKey != "":
			e.Actor = shop.ActorUnknown
		case e.ActorRole == shop.ActorOperator:
			e.Actor = shop.ActorOperator
		case e.ActorRole == shop.RoleSystem:
			e.Actor = shop.ActorSystem
		default:
			e.Actor = shop.ActorNobody
		}
		if e.TargetKind == "user" {
			e.Target = name(e.TargetID)
		}
	}
	return list, total, nil
}

// QueryFor reads the admin's filters: an actor or target given as an
// e-mail is its account's id (an address with no account, its keyed
// hash).
func (a *Audit) QueryFor(ctx context.Context, actor, action, target string, from, to *time.Time) shop.AuditQuery {
	q := shop.AuditQuery{Action: action, From: from, To: to}
	if actor != "" {
		if shop.IsEmail(shop.NormalizeEmail(actor)) {
			q.ActorID, q.ActorKey = a.ActorOf(ctx, actor)
		} else {
			q.ActorID = actor
		}
	}
	if target != "" {
		q.TargetID = target
		if shop.IsEmail(shop.NormalizeEmail(target)) {
			if id, _ := a.ActorOf(ctx, target); id != "" {
				q.TargetID = id
			}
		}
	}
	return q
}

// Verify answers GET /admin/audit/verify: every stored entry's hash is
// computed again, each must name the hash of the one before and follow its
// number, the first must start the chain or follow a checkpoint's pruned
// entries, and the last must be the head's.
func (a *Audit) Verify(ctx context.Context, caller shop.Caller) (shop.AuditVerdict, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.AuditVerdict{}, err
	}
	return a.verify(ctx)
}

func (a *Audit) verify(ctx context.Context) (shop.AuditVerdict, error) {
	var v shop.AuditVerdict
	var firstSeq, prevSeq int64
	var firstPrev, prevHash string
	checkpoints := map[int64]string{}
	bad := func(seq int64, format string, args ...any) bool {
		v.Problem, v.Seq = fmt.Sprintf(format, args...), seq
		return false
	}
	err := a.Store.EachAudit(ctx, func(e shop.AuditEntry) bool {
		v.Entries++
		if a.hash(e) != e.Hash {
			return bad(e.Seq, "Entry %d was changed after it was written.", e.Seq)
		}
		if v.Entries == 1 {
			firstSeq, firstPrev = e.Seq, e.Prev
			if e.Seq == 1 && e.Prev != "" {
				return bad(e.Seq, "Entry 1 does not start the chain.")
			}
		} else {
			if e.Seq != prevSeq+1 {
				return bad(prevSeq+1, "Entries %d to %d are missing.", prevSeq+1, e.Seq-1)
			}
			if e.Prev != prevHash {
				return bad(e.Seq, "Entry %d does not follow entry %d: one of them was replaced.", e.Seq, prevSeq)
			}
		}
		if e.Checkpoint != nil {
			checkpoints[e.Checkpoint.Through] = e.Checkpoint.Hash
		}
		prevSeq, prevHash = e.Seq, e.Hash
		return true
	})
	if err != nil || v.Problem != "" {
		return v, err
	}
	if firstSeq > 1 && checkpoints[firstSeq-1] != firstPrev {
		v.Problem, v.Seq = fmt.Sprintf("Entries before %d were removed without a retention checkpoint.", firstSeq), firstSeq-1
		return v, nil
	}
	headSeq, headHash, err := a.Store.AuditHead(ctx)
	if err != nil {
		return v, err
	}
	if headSeq != prevSeq || headHash != prevHash {
		v.Problem, v.Seq = fmt.Sprintf("The chain ends at entry %d but its head names entry %d: the last entries were removed.", prevSeq, headSeq), prevSeq+1
		return v, nil
	}
	v.OK = true
	return v, nil
}

// Prune removes the entries older than the retention (AUDIT_RETENTION_DAYS):
// first a checkpoint entry carrying the number and hash of the last entry
// to go, then those entries, oldest first. It returns how many went.
func (a *Audit) Prune(ctx context.Context) (int, error) {
	if a == nil {
		return 0, nil
	}
	cutoff := a.now().Add(-cmp.Or(a.Retention, shop.DefaultAuditRetention))
	var old []int64
	var lastHash string
	err := a.Store.OldestAudit(ctx, func(e shop.AuditEntry) bool {
		if !e.At.Before(cutoff) {
			return false
		}
		old = append(old, e.Seq)
		lastHash = e.Hash
		return true
	})
	if err != nil || len(old) == 0 {
		return 0, err
	}
	through := old[len(old)-1]
	if _, err := a.Store.AppendAudit(ctx, shop.AuditEntry{At: a.now(), ActorRole: shop.RoleSystem, Action: shop.ActionCheckpoint, Outcome: shop.OutcomeSuccess,
		Checkpoint: &shop.AuditCheckpoint{Through: through, Hash: lastHash}, Count: len(old)}, a.hash); err != nil {
		return 0, err
	}
	for i, seq := range old {
		if err := a.Store.DeleteAuditEntry(ctx, seq); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
			return i, err
		}
	}
	return len(old), nil
}
