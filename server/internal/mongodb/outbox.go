package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.OutboxStore = (*Store)(nil)

// NewMailID returns the id of an e-mail about to be stored (its Message-ID
// is made from it).
func (s *Store) NewMailID() string { return newID().Hex() }

// InsertMail stores an e-mail, under m.ID when set.
func (s *Store) InsertMail(ctx context.Context, m shop.Mail) (shop.Mail, error) {
	id := newID()
	if m.ID != "" {
		var err error
		if id, err = objectID(m.ID); err != nil {
			return shop.Mail{}, err
		}
	}
	now := s.now()
	next := m.NextAt
	if next.IsZero() {
		next = now
	}
	doc := newMailDoc(id, m, now, next)
	if err := s.outbox.insert(ctx, doc); err != nil {
		return shop.Mail{}, translate(err, "")
	}
	stored, err := roundTrip(doc)
	return stored.Shop(), err
}

// InsertMails stores several e-mails in one insert (an order's customer's
// and admins' mails), each under its ID when set, their NextAt as given
// (a held notification's digest time). An _id taken already answers ECONFLICT (a digest that another
// instance stored); an ordered insert stores the ones before a failure.
func (s *Store) InsertMails(ctx context.Context, mails []shop.Mail) error {
	now := s.now()
	docs := make([]mirror.Mail, len(mails))
	for i, m := range mails {
		id := newID()
		if m.ID != "" {
			var err error
			if id, err = objectID(m.ID); err != nil {
				return err
			}
		}
		next := m.NextAt
		if next.IsZero() {
			next = now
		}
		docs[i] = newMailDoc(id, m, now, next)
	}
	err := s.outbox.insertMany(ctx, docs)
	if isDuplicate(err) {
		return &shop.Error{Code: shop.ECONFLICT, Message: "This e-mail is stored already.", Cause: err}
	}
	return translate(err, "")
}

// newMailDoc is the document of a new e-mail.
func newMailDoc(id mirror.ID, m shop.Mail, now, next time.Time) mirror.Mail {
	return mirror.Mail{ID: id, Status: string(m.Status), CreatedAt: now, NextAt: next.UTC().Truncate(time.Millisecond),
		MailBody: &mirror.MailBody{Kind: string(m.Kind), To: m.To, Subject: m.Subject, Text: m.Text, HTML: m.HTML, MessageID: m.MessageID,
			Attachments: mirror.MailAttachments(m.Attachments)}}
}

// DueHeldMail returns up to limit admins' notifications held for a digest
// whose time has come at now, soonest first (the index status_next).
func (s *Store) DueHeldMail(ctx context.Context, now time.Time, limit int) ([]shop.Mail, error) {
	docs, err := s.due(ctx, shop.MailHeld, now, limit)
	return s.mailsWithBodies(ctx, docs, err)
}

// withBodies reads whole the e-mails read from the embedded store's
// mirror, which holds none of their text and HTML, and of an e-mail done
// with only its state (mirror.Outbox): one read of the store by _id
// equality each, the one filter FerretDB v1 gives SQLite (an $in of the
// ids decoded the whole collection: minutes at 400,000 e-mails). With
// MongoDB they were read whole.
func (s *Store) withBodies(ctx context.Context, docs []mirror.Mail) ([]mirror.Mail, error) {
	if s.outbox.mem == nil || len(docs) == 0 {
		return docs, nil
	}
	out := make([]mirror.Mail, len(docs))
	for i, d := range docs {
		whole, err := s.outbox.findOne(ctx, bson.D{{Key: "_id", Value: d.ID}})
		switch {
		case err == nil:
			d = whole
		case shop.ErrorCode(err) == shop.ENOTFOUND: // deleted since: shown as the mirror had it
		default:
			return nil, err
		}
		out[i] = d
	}
	return out, nil
}

// mailsWithBodies is withBodies of docs read with err, as the domain's e-mails.
func (s *Store) mailsWithBodies(ctx context.Context, docs []mirror.Mail, err error) ([]shop.Mail, error) {
	if err != nil {
		return nil, err
	}
	if docs, err = s.withBodies(ctx, docs); err != nil {
		return nil, err
	}
	return mirror.ShopAll[shop.Mail](docs), nil
}

// mailWithBody is withBodies of one e-mail read with err.
func (s *Store) mailWithBody(ctx context.Context, d mirror.Mail, err error) (shop.Mail, error) {
	if err != nil {
		return shop.Mail{}, err
	}
	docs, err := s.withBodies(ctx, []mirror.Mail{d})
	if err != nil {
		return shop.Mail{}, err
	}
	return docs[0].Shop(), nil
}

// DropHeldMail deletes held notifications whose digest is stored, each
// with one write guarded by its status and time (mirror.Digested).
func (s *Store) DropHeldMail(ctx context.Context, now time.Time, ids []string) error {
	now = now.UTC().Truncate(time.Millisecond)
	for _, id := range ids {
		oid, err := objectID(id)
		if err != nil {
			return err
		}
		_, err = s.outbox.remove(ctx, oid, guard[mirror.Mail]{filter: dueMail(shop.MailHeld, now), check: mirror.Digested(now)})
		if code := shop.ErrorCode(err); code != "" && code != shop.ENOTFOUND && code != shop.ECONFLICT {
			return err // (another instance's pass dropped it)
		}
	}
	return nil
}

// ListMail returns e-mails newest first.
func (s *Store) ListMail(ctx context.Context, limit, skip int) ([]shop.Mail, int64, error) {
	docs, total, err := s.outbox.list(ctx, listQuery[mirror.Mail]{index: "createdAt", desc: true, sort: newestFirst, skip: skip, limit: limit})
	list, err := s.mailsWithBodies(ctx, docs, err)
	return list, total, err
}

// dueMail is the filter of the messages of a status whose nextAt has come
// (served by the index status_next).
func dueMail(status shop.MailStatus, now time.Time) bson.D {
	return bson.D{{Key: "status", Value: string(status)}, {Key: "nextAt", Value: bson.D{{Key: "$lte", Value: now}}}}
}

var soonestFirst = bson.D{{Key: "nextAt", Value: 1}, {Key: "_id", Value: 1}}

// due returns up to limit messages of status whose nextAt is at or before now.
func (s *Store) due(ctx context.Context, status shop.MailStatus, now time.Time, limit int) ([]mirror.Mail, error) {
	group := string(status)
	docs, _, err := s.outbox.list(ctx, listQuery[mirror.Mail]{index: "status,nextAt", group: &group,
		filter: dueMail(status, now), sort: soonestFirst, limit: limit})
	if err != nil {
		return nil, err
	}
	// The mirror's page is the soonest of the status, due or not.
	for i, d := range docs {
		if d.NextAt.After(now) {
			return docs[:i], nil
		}
	}
	return docs, nil
}

// DueMail returns up to limit pending e-mails due at now, soonest first.
func (s *Store) DueMail(ctx context.Context, now time.Time, limit int) ([]shop.Mail, error) {
	docs, err := s.due(ctx, shop.MailPending, now, limit)
	return s.mailsWithBodies(ctx, docs, err)
}

// ClaimMail takes a due pending e-mail until leaseUntil.
func (s *Store) ClaimMail(ctx context.Context, id, claim string, now, leaseUntil time.Time) (shop.Mail, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Mail{}, err
	}
	now = now.UTC().Truncate(time.Millisecond)
	if _, err := s.outbox.update(ctx, oid, guard[mirror.Mail]{
		filter: dueMail(shop.MailPending, now),
		check:  mirror.Claimable(now),
	}, bson.D{{Key: "$set", Value: bson.D{{Key: "claim", Value: claim}, {Key: "nextAt", Value: leaseUntil.UTC().Truncate(time.Millisecond)}}}}); err != nil {
		return shop.Mail{}, err
	}
	d, err := s.outbox.get(ctx, oid)
	return s.mailWithBody(ctx, d, err)
}

// FinishMail records the outcome of an attempt by the sender holding claim,
// and the message's text and HTML as they are to be kept from then on.
func (s *Store) FinishMail(ctx context.Context, id, claim string, m shop.Mail) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	set := bson.D{{Key: "status", Value: string(m.Status)}, {Key: "attempts", Value: m.Attempts},
		{Key: "nextAt", Value: m.NextAt.UTC().Truncate(time.Millisecond)},
		// the text as it is to be kept: a sent message's links without their tokens
		{Key: "text", Value: m.Text}, {Key: "html", Value: m.HTML}}
	unset := bson.D{{Key: "claim", Value: ""}}
	if m.LastError != "" {
		set = append(set, bson.E{Key: "lastError", Value: m.LastError})
	} else {
		unset = append(unset, bson.E{Key: "lastError", Value: ""})
	}
	if m.SentAt != nil {
		set = append(set, bson.E{Key: "sentAt", Value: m.SentAt.UTC().Truncate(time.Millisecond)})
	}
	if len(m.Errors) > 0 {
		errs := make([]mirror.MailError, len(m.Errors))
		for i, e := range m.Errors {
			errs[i] = mirror.MailError{At: e.At.UTC().Truncate(time.Millisecond), Attempt: e.Attempt, Error: e.Error}
		}
		set = append(set, bson.E{Key: "errors", Value: errs})
	}
	_, err = s.outbox.update(ctx, oid, guard[mirror.Mail]{
		filter: bson.D{{Key: "claim", Value: claim}},
		check:  mirror.ClaimedBy(claim),
	}, bson.D{{Key: "$set", Value: set}, {Key: "$unset", Value: unset}})
	return err
}

// FindMail returns one e-mail.
func (s *Store) FindMail(ctx context.Context, id string) (shop.Mail, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Mail{}, err
	}
	d, err := s.outbox.get(ctx, oid)
	return s.mailWithBody(ctx, d, err)
}

// RetryMail queues a failed e-mail again, due now: one write guarded by
// its status (mirror.Retryable).
func (s *Store) RetryMail(ctx context.Context, id, by string) (shop.Mail, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Mail{}, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	if _, err := s.outbox.update(ctx, oid, guard[mirror.Mail]{
		filter: bson.D{{Key: "status", Value: string(shop.MailFailed)}},
		check:  mirror.Retryable,
	}, bson.D{
		{Key: "$set", Value: bson.D{{Key: "status", Value: string(shop.MailPending)}, {Key: "nextAt", Value: now},
			{Key: "retriedAt", Value: now}, {Key: "retriedBy", Value: by}}},
		{Key: "$unset", Value: bson.D{{Key: "claim", Value: ""}}},
	}); err != nil {
		return shop.Mail{}, err
	}
	d, err := s.outbox.get(ctx, oid)
	return s.mailWithBody(ctx, d, err)
}

// DeleteSentMail deletes up to limit sent e-mails kept past their time.
func (s *Store) DeleteSentMail(ctx context.Context, now time.Time, limit int) (int, error) {
	docs, err := s.due(ctx, shop.MailSent, now, limit)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, d := range docs {
		_, err := s.outbox.remove(ctx, d.ID, guard[mirror.Mail]{
			filter: dueMail(shop.MailSent, now),
			check:  mirror.Deletable(now),
		})
		switch shop.ErrorCode(err) {
		case "":
			n++
		case shop.ENOTFOUND, shop.ECONFLICT: // another instance's sweep
		default:
			return n, err
		}
	}
	return n, nil
}
