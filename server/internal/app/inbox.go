package app

import (
	"context"

	"storefront/server/internal/shop"
)

// Inbox is the contact form's messages: anyone sends, admins read.
type Inbox struct {
	Messages shop.MessageStore
	Admins   shop.AdminDirectory // who is told of each message; nil: nobody
	Mail     *Outbox             // may be nil
}

// Send stores a visitor's message.
func (i *Inbox) Send(ctx context.Context, d shop.MessageDraft) (string, error) {
	if err := d.Validate(); err != nil {
		return "", err
	}
	m := shop.Message{Email: d.Email, Subject: d.Subject, Message: d.Message}
	id, err := i.Messages.InsertMessage(ctx, m)
	if err != nil || i.Mail == nil || i.Admins == nil {
		return id, err
	}
	m.ID = id
	admins, aerr := i.Admins.AdminEmails(ctx)
	if aerr != nil {
		i.Mail.Log.ErrorContext(ctx, "the admins are not told of a contact message", "error", aerr)
		return id, nil
	}
	letters := make([]shop.Letter, len(admins))
	for k, a := range admins {
		letters[k] = shop.Letter{Kind: shop.LetterContact, To: a, Message: &m}
	}
	i.Mail.Send(ctx, letters...)
	return id, nil
}

// List returns messages newest first, for admins.
func (i *Inbox) List(ctx context.Context, caller shop.Caller, limit, skip int) ([]shop.Message, int64, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return nil, 0, err
	}
	return i.Messages.ListMessages(ctx, limit, skip)
}

// MarkHandled sets a message's handled flag, for admins.
func (i *Inbox) MarkHandled(ctx context.Context, caller shop.Caller, id string, handled bool) (shop.UpdateResult, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.UpdateResult{}, err
	}
	return i.Messages.SetMessageHandled(ctx, id, handled)
}

// Delete removes a message, for admins.
func (i *Inbox) Delete(ctx context.Context, caller shop.Caller, id string) (shop.DeleteResult, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.DeleteResult{}, err
	}
	return i.Messages.DeleteMessage(ctx, id)
}
