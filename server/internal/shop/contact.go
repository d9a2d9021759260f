package shop

import (
	"context"
	"strings"
	"time"
)

// Message is a visitor's message from the contact form (collection `contacts`).
type Message struct {
	ID        string    `json:"_id"`
	Email     string    `json:"email"`
	Subject   string    `json:"subject"`
	Message   string    `json:"message"`
	Handled   bool      `json:"handled"`
	CreatedAt time.Time `json:"createdAt"`
}

// Contact form limits.
const (
	MaxSubjectLen = 150
	MaxMessageLen = 5000
)

// MessageDraft is the input of POST /contact.
type MessageDraft struct {
	Email   string `json:"email"`
	Subject string `json:"subject"`
	Message string `json:"message"`
}

// Validate applies the contact form's rules.
func (d *MessageDraft) Validate() error {
	d.Email, d.Subject, d.Message = NormalizeEmail(d.Email), strings.TrimSpace(d.Subject), strings.TrimSpace(d.Message)
	f := map[string]string{}
	switch {
	case d.Email == "":
		f["email"] = "Email is Required"
	case !IsEmail(d.Email):
		f["email"] = "Provide a valid Email"
	}
	checkText(f, "subject", d.Subject, MaxSubjectLen, "Subject is Required", atMost(MaxSubjectLen))
	checkText(f, "message", d.Message, MaxMessageLen, "Message is Required", atMost(MaxMessageLen))
	return Invalid("The message is not valid.", f)
}

// MessageStore keeps contact messages.
type MessageStore interface {
	InsertMessage(ctx context.Context, m Message) (string, error)
	ListMessages(ctx context.Context, limit, skip int) ([]Message, int64, error)
	SetMessageHandled(ctx context.Context, id string, handled bool) (UpdateResult, error)
	DeleteMessage(ctx context.Context, id string) (DeleteResult, error)
}
