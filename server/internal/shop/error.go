// Package shop holds the storefront's domain types, their validation rules and
// the interfaces the adapters implement. It imports only the standard library.
package shop

import (
	"errors"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"
)

// Error codes. The HTTP layer maps each to one status (httpapi/errors.go).
const (
	EINVALID      = "invalid"        // bad input
	EUNAUTHORIZED = "unauthorized"   // no or bad credentials
	EFORBIDDEN    = "forbidden"      // wrong role or not the owner
	ENOTFOUND     = "not_found"      // no such thing
	ECONFLICT     = "conflict"       // duplicate, paid, out of stock
	ETOOLARGE     = "too_large"      // body or file over its limit
	EUNSUPPORTED  = "unsupported"    // wrong media type
	ERATELIMIT    = "rate_limited"   // too many requests
	EPAYMENT      = "payment_failed" // the card or payment was refused
	EUNAVAILABLE  = "unavailable"    // a dependency (the database) is down
	EINTERNAL     = "internal"       // anything unexpected
)

// Error is the one error type of the application. Message is safe to show to
// a client; Fields names the input fields that were wrong, by their JSON name.
// RetryAfter, when set, tells the client when to try again (rate limited, or
// busy).
type Error struct {
	Code       string
	Message    string
	Fields     map[string]string
	Cause      error // for the logs only; never shown to a client
	RetryAfter time.Duration
}

func (e *Error) Unwrap() error { return e.Cause }

func (e *Error) Error() string {
	return fmt.Sprintf("shop error: code=%s message=%s", e.Code, e.Message)
}

// Errorf builds an *Error with a client-safe message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid builds an EINVALID error listing the fields at fault. It returns nil
// when fields is empty, so validators can end with `return Invalid(...)`.
func Invalid(message string, fields map[string]string) error {
	if len(fields) == 0 {
		return nil
	}
	return &Error{Code: EINVALID, Message: message, Fields: fields}
}

// ErrorCode returns the code of err, EINTERNAL for anything that is not an
// *Error, and "" for nil.
func ErrorCode(err error) string {
	var e *Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e):
		return e.Code
	default:
		return EINTERNAL
	}
}

// ErrorMessage returns the client-safe message of err; internal errors get a
// generic one so that their details never reach a client.
func ErrorMessage(err error) string {
	var e *Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e):
		return e.Message
	default:
		return "Internal error."
	}
}

// ErrorFields returns the per-field messages of a validation error.
func ErrorFields(err error) map[string]string {
	var e *Error
	if errors.As(err, &e) {
		return e.Fields
	}
	return nil
}

// checkText puts a text field's problem into f: required when the value is
// empty (unless required is ""), tooLong when it has more than max
// characters. It reports whether the field is fine.
func checkText(f map[string]string, field, value string, max int, required, tooLong string) bool {
	switch {
	case value == "" && required != "":
		f[field] = required
	case utf8.RuneCountInString(value) > max:
		f[field] = tooLong
	default:
		return true
	}
	return false
}

// atMost is the problem of a text longer than n characters.
func atMost(n int) string { return "must be at most " + strconv.Itoa(n) + " characters" }
