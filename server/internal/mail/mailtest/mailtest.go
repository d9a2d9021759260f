// Package mailtest runs a real SMTP server in-process (go-smtp) for tests:
// plain, with STARTTLS, or with implicit TLS, optionally asking for a
// password, on a loopback port that can be stopped and started again.
package mailtest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"math/big"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Security is how the server protects the connection.
type Security int

const (
	Plain    Security = iota // no TLS at all
	StartTLS                 // offers STARTTLS
	Implicit                 // TLS from the first byte (smtps)
)

// Options configure a server.
type Options struct {
	Security Security
	// User and Password, when set, are required (AUTH PLAIN), and only
	// over TLS.
	User, Password string
}

// Message is one message the server accepted.
type Message struct {
	From string
	To   []string
	Data []byte
	TLS  bool // it came over an encrypted connection
}

// Server is a running test SMTP server.
type Server struct {
	tb   testing.TB
	opt  Options
	addr string
	cert tls.Certificate
	pool *x509.CertPool

	mu       sync.Mutex
	srv      *smtp.Server
	ln       net.Listener
	messages []Message
	arrived  chan struct{} // closed and replaced at each message
}

// Start runs a server on a free loopback port; it stops when the test ends.
func Start(tb testing.TB, opt Options) *Server {
	tb.Helper()
	s := &Server{tb: tb, opt: opt, arrived: make(chan struct{})}
	s.cert, s.pool = selfSigned(tb)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	s.addr = ln.Addr().String()
	s.serve(ln)
	tb.Cleanup(s.Stop)
	return s
}

// Addr is host:port.
func (s *Server) Addr() string { return s.addr }

// ClientTLS trusts the server's certificate.
func (s *Server) ClientTLS() *tls.Config {
	return &tls.Config{RootCAs: s.pool, ServerName: "127.0.0.1", MinVersion: tls.VersionTLS12}
}

// Stop closes the server: connections are refused until Restart.
func (s *Server) Stop() {
	s.mu.Lock()
	srv, ln := s.srv, s.ln
	s.srv, s.ln = nil, nil
	s.mu.Unlock()
	if ln != nil {
		_ = ln.Close() // closed here too: Serve may not have taken it yet
	}
	if srv != nil {
		_ = srv.Close()
	}
}

// Restart serves again on the same address.
func (s *Server) Restart() {
	s.tb.Helper()
	ln, err := net.Listen("tcp", s.addr)
	if err != nil {
		s.tb.Fatal(err)
	}
	s.serve(ln)
}

func (s *Server) serve(ln net.Listener) {
	srv := smtp.NewServer(&backend{s: s})
	srv.Domain = "mail.test"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	srv.MaxRecipients = 10
	tlsCfg := &tls.Config{Certificates: []tls.Certificate{s.cert}, MinVersion: tls.VersionTLS12}
	switch s.opt.Security {
	case StartTLS:
		srv.TLSConfig = tlsCfg
	case Implicit:
		srv.TLSConfig = tlsCfg
		ln = tls.NewListener(ln, tlsCfg)
	}
	s.mu.Lock()
	s.srv, s.ln = srv, ln
	s.mu.Unlock()
	go func() { _ = srv.Serve(ln) }()
}

// Messages returns what the server has accepted so far.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.messages...)
}

// Arrived is closed when the next message arrives.
func (s *Server) Arrived() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.arrived
}

type backend struct{ s *Server }

func (b *backend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	_, isTLS := c.TLSConnectionState()
	return &session{s: b.s, conn: c, tls: isTLS}, nil
}

type session struct {
	s      *Server
	conn   *smtp.Conn
	tls    bool
	authed bool
	msg    Message
}

var errAuthRequired = &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "Authentication required"}

func (x *session) AuthMechanisms() []string {
	if x.s.opt.User == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (x *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, user, pass string) error {
		if user != x.s.opt.User || pass != x.s.opt.Password {
			return errors.New("invalid credentials")
		}
		x.authed = true
		return nil
	}), nil
}

func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	if x.s.opt.User != "" && !x.authed {
		return errAuthRequired
	}
	x.msg = Message{From: from}
	return nil
}

func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.msg.To = append(x.msg.To, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	_, isTLS := x.conn.TLSConnectionState()
	x.msg.Data, x.msg.TLS = bytes.Clone(data), isTLS
	x.s.mu.Lock()
	x.s.messages = append(x.s.messages, x.msg)
	close(x.s.arrived)
	x.s.arrived = make(chan struct{})
	x.s.mu.Unlock()
	return nil
}

func (x *session) Reset()        { x.msg = Message{} }
func (x *session) Logout() error { return nil }

// selfSigned makes a certificate for 127.0.0.1 and a pool that trusts it.
func selfSigned(tb testing.TB) (tls.Certificate, *x509.CertPool) {
	tb.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "mail.test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, DNSNames: []string{"mail.test"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true, IsCA: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		tb.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		tb.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: cert}, pool
}
