package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// The audit trail's one place in the API (issue 44): the routes it records
// are this table's, each with its action and what it names as the target;
// recorded is one middleware (audited) on those routes, after the handler
// has answered: who (the caller, or the account a sign-in named), what,
// the target, the outcome (the status) and, for an admin's writes, the
// small fields the body changed. A 403 anywhere else is a refusal, counted
// per client and minute (fail, errors.go).

// auditSpec is what a route's entries say.
type auditSpec struct {
	action     string
	targetKind string // "" for none
	param      string // the path parameter naming the target ("email" names an account)
	// adminOnly records the route only when an admin calls it (a
	// customer's own cancel is not an admin's write).
	adminOnly bool
	// changes records the body's small fields (admins' writes).
	changes bool
}

// auditedRoutes are every route that writes an entry, by method and route
// template. TestAudit_EveryAdminWriteIsAudited checks that every admin
// write, and every export, is here.
var auditedRoutes = map[string]auditSpec{
	// signing in and the account's own security
	"POST /auth/login":               {action: "sign-in"},
	"POST /auth/login/mfa":           {action: "sign-in.second-step"},
	"POST /auth/google":              {action: "sign-in.google"},
	"POST /auth/password/reset":      {action: "password.reset"},
	"POST /auth/password/change":     {action: "password.change"},
	"POST /auth/sign-out-everywhere": {action: "sign-out.everywhere"},
	"DELETE /account":                {action: "account.delete"},
	"POST /account/mfa/totp":         {action: "mfa.set-up"},
	"POST /account/mfa/totp/confirm": {action: "mfa.turned-on"},
	"DELETE /account/mfa":            {action: "mfa.turned-off"},
	"DELETE /account/sessions/:id":   {action: "session.end", targetKind: "session", param: "id"},
	"PUT /account/notifications":     {action: "notifications.update", changes: true},
	"PUT /user/admin/:email":         {action: "user.promote", targetKind: "user", param: "email"},
	"PUT /user/customer/:email":      {action: "user.demote", targetKind: "user", param: "email"},
	"DELETE /user/:id":               {action: "user.delete", targetKind: "user", param: "id"},
	"POST /user/:email/sign-out":     {action: "user.sign-out", targetKind: "user", param: "email"},
	"POST /user/:email/mfa/reset":    {action: "user.mfa-reset", targetKind: "user", param: "email"},
	"POST /added":                    {action: "product.create", targetKind: "product", changes: true},
	"PUT /service/:id":               {action: "product.update", targetKind: "product", param: "id", changes: true},
	"DELETE /deleteproduct/:id":      {action: "product.delete", targetKind: "product", param: "id"},
	// issue 48: a product's documents (the upload's body is a file: no changes recorded)
	"POST /service/:id/documents":          {action: "product.document-add", targetKind: "product", param: "id"},
	"DELETE /service/:id/documents/:docId": {action: "product.document-delete", targetKind: "product", param: "id"},
	"POST /categories":                     {action: "category.create", targetKind: "category", changes: true},
	"PATCH /categories/:id":                {action: "category.rename", targetKind: "category", param: "id", changes: true},
	"DELETE /categories/:id":               {action: "category.delete", targetKind: "category", param: "id"},
	"PUT /order/update/:id":                {action: "order.ship", targetKind: "order", param: "id", changes: true},
	"DELETE /delete/:id":                   {action: "order.cancel", targetKind: "order", param: "id", adminOnly: true},
	"PUT /groups/:id/ship":                 {action: "group.ship", targetKind: "group", param: "id", changes: true},
	"DELETE /groups/:id":                   {action: "group.cancel", targetKind: "group", param: "id", adminOnly: true},
	"PATCH /contact/:id":                   {action: "message.mark", targetKind: "message", param: "id", changes: true},
	"DELETE /contact/:id":                  {action: "message.delete", targetKind: "message", param: "id"},
	"PATCH /quotes/:id":                    {action: "quote.price", targetKind: "quote", param: "id", changes: true},
	"PATCH /claims/:id":                    {action: "claim.decide", targetKind: "claim", param: "id", changes: true},
	"POST /admin/outbox/:id/retry":         {action: "outbox.retry", targetKind: "mail", param: "id"},
	"PATCH /reviews/:id":                   {action: "review.moderate", targetKind: "review", param: "id", changes: true},
	"DELETE /reviews/:id":                  {action: "review.delete", targetKind: "review", param: "id"},
	"PUT /groups/:id/freight":              {action: "group.freight-price", targetKind: "group", param: "id", changes: true},
	"POST /shipping/methods":               {action: "shipping.create", targetKind: "shipping-method", changes: true},
	"PATCH /shipping/methods/:id":          {action: "shipping.update", targetKind: "shipping-method", param: "id", changes: true},
	"DELETE /shipping/methods/:id":         {action: "shipping.delete", targetKind: "shipping-method", param: "id"},
	// issue 45: companies, their members' roles and limits
	"POST /companies":                      {action: "company.apply", targetKind: "company", changes: true},
	"PATCH /companies/:id":                 {action: "company.update", targetKind: "company", param: "id", changes: true},
	"POST /companies/:id/invitations":      {action: "company.invite", targetKind: "company", param: "id", changes: true},
	"POST /invitations/accept":             {action: "company.join", targetKind: "company"},
	"PATCH /companies/:id/members/:email":  {action: "company.member-update", targetKind: "member", param: "email", changes: true},
	"DELETE /companies/:id/members/:email": {action: "company.member-remove", targetKind: "member", param: "email"},
	"POST /groups/:id/approve":             {action: "group.approve", targetKind: "group", param: "id"},
	"POST /groups/:id/decline":             {action: "group.decline", targetKind: "group", param: "id", changes: true},
	"POST /companies/:id/payments":         {action: "company.payment", targetKind: "company", param: "id", changes: true},
	// issue 49: tax exemptions
	"POST /account/tax-exemption": {action: "tax-exemption.apply", targetKind: "tax-exemption"},
	"PATCH /tax-exemptions/:id":   {action: "tax-exemption.decide", targetKind: "tax-exemption", param: "id", changes: true},
	"GET /admin/orders.csv":       {action: "export.orders"},
	"GET /admin/audit.csv":        {action: "export.audit"},
	"GET /admin/aging.csv":        {action: "export.aging"},
	"GET /admin/audit/verify":     {action: "audit.verify"},
}

const (
	auditActorKey  = "audit_actor" // who a sign-in named: {id, key}
	auditRecorded  = "audit_recorded"
	auditBodyLimit = 64 << 10
)

// auditBody is the request's body when it fits in auditBodyLimit, for the
// entry's changes (nil otherwise): the handler reads the whole body all the
// same, also one of unknown length (chunked) that is longer (review
// finding 9).
func auditBody(r *http.Request) []byte {
	if r.Body == nil || r.Body == http.NoBody || r.ContentLength > auditBodyLimit {
		return nil
	}
	prefix, err := io.ReadAll(io.LimitReader(r.Body, auditBodyLimit+1))
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(prefix), &errReader{err}, r.Body), r.Body}
	if err != nil || len(prefix) > auditBodyLimit {
		return nil
	}
	return prefix
}

// errReader answers err once it is read to (a read error of the prefix
// reaches the handler as it would have), or nothing.
type errReader struct{ err error }

func (e *errReader) Read([]byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	return 0, io.EOF
}

// auditActor names who a call that is not signed in acts as (a sign-in's
// account; an address no account has by its keyed hash).
func (s *Server) auditActor(c *gin.Context, id, email string) {
	a := [2]string{id, ""}
	if id == "" && email != "" && s.audit != nil {
		a[0], a[1] = s.audit.ActorOf(c.Request.Context(), email)
	}
	c.Set(auditActorKey, a)
}

// audited records the route's entry once the handler has answered.
func (s *Server) audited(c *gin.Context) {
	spec, ok := auditedRoutes[c.Request.Method+" "+c.FullPath()]
	if !ok || s.audit == nil {
		c.Next()
		return
	}
	c.Set(auditRecorded, true)
	var body []byte
	if spec.changes {
		body = auditBody(c.Request)
	}
	ctx := c.Request.Context()
	target := c.Param(spec.param)
	var before string
	if spec.targetKind == "session" { // a session's id is half a credential: named by its keyed hash
		target = s.audit.SessionKey(target)
	}
	if spec.param == "email" {
		if u, err := s.accounts.UserByEmail(ctx, target); err == nil {
			target, before = u.ID, roleName(u.Role)
		} else {
			target = s.audit.AddressKey(target)
		}
	}
	c.Next()

	who := caller(c)
	if spec.adminOnly && (who == nil || !who.IsAdmin()) {
		return
	}
	status := c.Writer.Status()
	e := shop.AuditEntry{Action: spec.action, TargetKind: spec.targetKind, TargetID: target, Status: status, Outcome: outcomeOf(status)}
	if who != nil {
		e.ActorID, e.ActorRole = who.ID, roleName(who.Role)
	}
	if a, ok := c.Get(auditActorKey); ok {
		named := a.([2]string)
		e.ActorID, e.ActorKey = named[0], named[1]
	}
	if status < 300 {
		e.Changes = changedFields(body)
		if spec.param == "email" && before != "" && strings.HasPrefix(spec.action, "user.") && spec.action != "user.sign-out" {
			if u, err := s.accounts.UserByEmail(ctx, c.Param("email")); err == nil && roleName(u.Role) != before {
				e.Changes = append(e.Changes, shop.AuditChange{Field: "role", Before: before, After: roleName(u.Role)})
			}
		}
	}
	s.audit.Record(ctx, e)
}

func roleName(role string) string {
	if role == shop.RoleAdmin {
		return "admin"
	}
	return "customer"
}

func outcomeOf(status int) string {
	switch {
	case status < 400:
		return shop.OutcomeSuccess
	case status == http.StatusForbidden:
		return shop.OutcomeRefused
	}
	return shop.OutcomeFailure
}

// secretish are the body fields an entry never holds: credentials, codes
// and card data, and whatever names a person (entries name people by
// account id).
var secretish = []string{"password", "token", "code", "secret", "credential", "card", "cvc", "email", "address", "mobile", "phone"}

// changedFields are a body's top-level fields with small values (numbers,
// booleans, short strings), never a secretish one; a longer value is named
// without it.
func changedFields(body []byte) []shop.AuditChange {
	if len(body) == 0 || len(body) > auditBodyLimit {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return nil
	}
	var out []shop.AuditChange
	for k, raw := range m {
		lk := strings.ToLower(k)
		skip := false
		for _, s := range secretish {
			if strings.Contains(lk, s) {
				skip = true
			}
		}
		if skip || len(out) >= 30 {
			continue
		}
		var v any
		_ = json.Unmarshal(raw, &v)
		after := ""
		switch x := v.(type) {
		case string:
			if len(x) <= 80 {
				after = x
			}
		case float64, bool:
			after = fmt.Sprint(x)
		case nil:
			after = "null"
		}
		out = append(out, shop.AuditChange{Field: k, After: after})
	}
	sortChanges(out)
	return out
}

func sortChanges(c []shop.AuditChange) {
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && c[j].Field < c[j-1].Field; j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
}

// origin puts the request's client address and User-Agent in its context,
// for the sessions and the audit trail.
func origin(c *gin.Context) {
	c.Request = c.Request.WithContext(shop.WithOrigin(c.Request.Context(), shop.Origin{IP: c.ClientIP(), UserAgent: c.GetHeader("User-Agent")}))
	c.Next()
}

// refused records a 403 that no route's entry records.
func (s *Server) refused(c *gin.Context) {
	if s.audit == nil {
		return
	}
	if _, ok := c.Get(auditRecorded); ok {
		return
	}
	e := shop.AuditEntry{TargetKind: "route", TargetID: c.Request.Method + " " + c.FullPath(), Status: http.StatusForbidden}
	if who := caller(c); who != nil {
		e.ActorID, e.ActorRole = who.ID, roleName(who.Role)
	}
	s.audit.Refused(c.Request.Context(), e)
}
