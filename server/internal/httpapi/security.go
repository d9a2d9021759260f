package httpapi

import (
	"context"
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// Issue 44: two-step sign-in, sessions, and the audit trail's pages.

// loginMFA answers POST /auth/login/mfa {mfaToken, code}: limited per
// client address as every sign-in is, and per mfaToken by its tries.
func (s *Server) loginMFA(c *gin.Context) {
	ip := c.ClientIP()
	if s.limited(c, s.loginPerClient, limitLogin, ip) {
		return
	}
	body, ok := bind[shop.MFALogin](s, c)
	if !ok {
		return
	}
	in, err := s.accounts.LoginMFA(c.Request.Context(), body)
	s.auditActor(c, in.UserID, "")
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, in.Body())
}

// startTOTP answers POST /account/mfa/totp.
func (s *Server) startTOTP(c *gin.Context) {
	e, err := s.accounts.StartTOTP(c.Request.Context(), caller(c))
	c.Header("Cache-Control", "no-store")
	s.reply(c, http.StatusOK, e, err)
}

// confirmTOTP answers POST /account/mfa/totp/confirm {code}: wrong codes
// count against the account's guesses from this address, as passwords do.
func (s *Server) confirmTOTP(c *gin.Context) {
	body, ok := bind[shop.CodeInput](s, c)
	if !ok {
		return
	}
	s.guessedCode(c, func() error {
		codes, err := s.accounts.ConfirmTOTP(c.Request.Context(), caller(c), body)
		if err == nil {
			c.Header("Cache-Control", "no-store")
			c.JSON(http.StatusOK, codes)
		}
		return err
	})
}

// disableMFA answers DELETE /account/mfa {password, code}.
func (s *Server) disableMFA(c *gin.Context) {
	body, ok := bind[shop.MFADisable](s, c)
	if !ok {
		return
	}
	s.guessedCode(c, func() error {
		err := s.accounts.DisableMFA(c.Request.Context(), caller(c), body)
		if err == nil {
			c.Status(http.StatusNoContent)
		}
		return err
	})
}

// guessedCode is guessed for calls that check a code (and perhaps the
// password): a wrong one counts as a sign-in guess.
func (s *Server) guessedCode(c *gin.Context, call func() error) {
	key := caller(c).Email + "\x00" + c.ClientIP()
	if s.limited(c, s.loginGuesses, limitLoginGuesses, key) {
		return
	}
	err := call()
	if !shop.IsWrongPassword(err) && !shop.IsWrongCode(err) {
		s.loginGuesses.Return(key)
	}
	if err != nil {
		s.fail(c, err)
	}
}

// listSessions answers GET /account/sessions.
func (s *Server) listSessions(c *gin.Context) {
	list, err := s.accounts.ListSessions(c.Request.Context(), caller(c))
	c.Header("Cache-Control", "no-store")
	s.reply(c, http.StatusOK, list, err)
}

// endSession answers DELETE /account/sessions/{id}.
func (s *Server) endSession(c *gin.Context) {
	if err := s.accounts.EndSession(c.Request.Context(), caller(c), c.Param("id")); err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// signOutUser answers POST /user/{email}/sign-out.
func (s *Server) signOutUser(c *gin.Context) {
	if _, err := s.accounts.SignOutUser(c.Request.Context(), caller(c), c.Param("email")); err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// resetUserMFA answers POST /user/{email}/mfa/reset.
func (s *Server) resetUserMFA(c *gin.Context) {
	_, err := s.accounts.ResetMFA(c.Request.Context(), caller(c), c.Param("email"))
	s.reply(c, http.StatusOK, shop.UpdateResult{Acknowledged: true, MatchedCount: 1, ModifiedCount: 1}, err)
}

// auditQuery reads GET /admin/audit's filters: actor and target (an e-mail
// or an account id), action (a prefix), from and to (dates, UTC, to
// inclusive; or RFC 3339 times).
func (s *Server) auditQuery(c *gin.Context) (shop.AuditQuery, error) {
	f := map[string]string{}
	day := func(name string, end bool) *time.Time {
		v := strings.TrimSpace(c.Query(name))
		if v == "" {
			return nil
		}
		if t, err := time.Parse(time.DateOnly, v); err == nil {
			if end {
				t = t.AddDate(0, 0, 1)
			}
			return &t
		}
		if t, err := time.Parse(time.RFC3339, v); err == nil {
			return &t
		}
		f[name] = "must be a date (2026-11-27) or a time (2026-11-27T10:00:00Z)"
		return nil
	}
	from, to := day("from", false), day("to", true)
	for _, name := range []string{"actor", "action", "target"} {
		if len(c.Query(name)) > 200 {
			f[name] = "is too long"
		}
	}
	if err := shop.Invalid("The filters are not valid.", f); err != nil {
		return shop.AuditQuery{}, err
	}
	return s.audit.QueryFor(c.Request.Context(), strings.TrimSpace(c.Query("actor")), strings.TrimSpace(c.Query("action")),
		strings.TrimSpace(c.Query("target")), from, to), nil
}

// listAudit answers GET /admin/audit: paged like the other admin lists
// (at most 100 a page), newest first.
func (s *Server) listAudit(c *gin.Context) {
	q, err := s.auditQuery(c)
	if err != nil {
		s.fail(c, err)
		return
	}
	listPage(s, c, 50, 100, func(ctx context.Context, who shop.Caller, limit, skip int) ([]shop.AuditEntry, int64, error) {
		return s.audit.List(ctx, who, q, limit, skip)
	})
}

// auditCSVColumns are GET /admin/audit.csv's columns.
var auditCSVColumns = []string{"seq", "at", "actor", "actorId", "actorRole", "action", "targetKind", "targetId", "target", "outcome", "status",
	"count", "changes", "ip", "userAgent", "hash"}

// maxAuditExport bounds one export (a filter narrows a bigger one).
const maxAuditExport = 100_000

// exportAudit answers GET /admin/audit.csv: what the same filters list, as
// RFC 4180 CSV.
func (s *Server) exportAudit(c *gin.Context) {
	q, err := s.auditQuery(c)
	if err != nil {
		s.fail(c, err)
		return
	}
	list, _, err := s.audit.List(c.Request.Context(), caller(c), q, maxAuditExport, 0)
	if err != nil {
		s.fail(c, err)
		return
	}
	h := c.Writer.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="audit.csv"`)
	h.Set("Cache-Control", "no-store")
	c.Status(http.StatusOK)
	w := csv.NewWriter(c.Writer)
	_ = w.Write(auditCSVColumns)
	for _, e := range list {
		var changes []string
		for _, ch := range e.Changes {
			changes = append(changes, ch.Field+": "+ch.Before+" → "+ch.After)
		}
		_ = w.Write([]string{strconv.FormatInt(e.Seq, 10), e.At.UTC().Format(time.RFC3339Nano), cell(e.Actor), e.ActorID, e.ActorRole, cell(e.Action),
			e.TargetKind, cell(e.TargetID), cell(e.Target), e.Outcome, strconv.Itoa(e.Status), strconv.Itoa(e.Count), cell(strings.Join(changes, "; ")),
			cell(e.IP), cell(e.UserAgent), e.Hash})
	}
	w.Flush()
}

// verifyAudit answers GET /admin/audit/verify.
func (s *Server) verifyAudit(c *gin.Context) {
	v, err := s.audit.Verify(c.Request.Context(), caller(c))
	c.Header("Cache-Control", "no-store")
	s.reply(c, http.StatusOK, v, err)
}
