package live

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// launchToken is the secret of a 0.2 host's launch URL
// (http://HOST:PORT/?token=…). deck sends it once, to GET / of a host that
// answered 401, to be given the session cookie; it is never shown.
type launchToken struct{ value string }

// tokenOf reads the launch token of a URL's query: the one key token, once,
// not empty. Any other query is refused, naming its keys only.
func tokenOf(u *url.URL) (*launchToken, error) {
	if u.RawQuery == "" && !u.ForceQuery {
		return nil, nil
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err == nil && len(q) == 1 && len(q["token"]) == 1 && q["token"][0] != "" {
		return &launchToken{value: q["token"][0]}, nil
	}
	return nil, fmt.Errorf("%q has a query (%s) deck would drop: it takes only the ?token= of the URL a "+
		"harness host prints (`dsh web`), once; give the URL without the rest", shownURL(u), queryKeys(u))
}

// The causes of a 401, for HostError's words.
var (
	errNeedsToken    = errors.New("the host wants the token of its launch URL, and the URL deck was given has none")
	errTokenRefused  = errors.New("the host refused the token of the URL deck was given")
	errNoCookie      = errors.New("the host took the token but set no session cookie")
	errSignInRefused = errors.New("the host asks deck to sign in again, and refuses the token of the URL deck was given")
)

// signInOp is how the token exchange is named in a HostError: never by its
// URL, which holds the token.
const signInOp = "the sign-in (GET /?token=…)"

// signIn exchanges the launch token for the host's session cookie: GET / with
// the token, whose 303 answer sets the cookie (kept in the client's jar,
// which sends it with every later request and the WebSocket's upgrade). The
// redirect is not followed: it leads to the web client's page.
func (c *Client) signIn(ctx context.Context) error {
	if c.token == nil {
		return &HostError{URL: c.base, Op: signInOp, Status: http.StatusUnauthorized, Err: errNeedsToken}
	}
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	target := c.base + "/?" + url.Values{"token": {c.token.value}}.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return c.fail(signInOp, errors.New("deck cannot make the request"))
	}
	once := &http.Client{Transport: c.http.Transport, Jar: c.http.Jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := once.Do(req)
	if err != nil {
		return c.fail(signInOp, unwrapURL(err)) // never the url.Error: its URL holds the token
	}
	defer resp.Body.Close()
	read, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	body := []byte(strings.ReplaceAll(string(read), c.token.value, "…")) // a host may quote what it was sent
	switch {
	case resp.StatusCode == http.StatusUnauthorized:
		return &HostError{URL: c.base, Op: signInOp, Status: resp.StatusCode, Body: bodyStart(body), Err: errTokenRefused}
	case resp.StatusCode/100 != 2 && resp.StatusCode/100 != 3:
		return &HostError{URL: c.base, Op: signInOp, Status: resp.StatusCode, Body: bodyStart(body),
			Err: fmt.Errorf("HTTP %s", resp.Status)}
	case !c.hasCookie():
		return c.fail(signInOp, errNoCookie)
	}
	c.settle(v02) // only a 0.2 host sets a session cookie for its token
	return nil
}

// hasCookie says whether the jar holds a cookie for the host.
func (c *Client) hasCookie() bool {
	u, err := url.Parse(c.base + "/api/")
	if err != nil {
		return false
	}
	for _, k := range c.http.Jar.Cookies(u) {
		if strings.HasPrefix(k.Name, "dsh-auth-") {
			return true
		}
	}
	return false
}

// unauthorized says whether err is the host's 401.
func unauthorized(err error) bool {
	var he *HostError
	return errors.As(err, &he) && he.Status == http.StatusUnauthorized
}

// again runs a call of a 0.2 host, and when the host answers 401 (its cookie
// expired, or it forgot it) signs in again and runs it once more.
func (c *Client) again(ctx context.Context, call func() error) error {
	err := call()
	if !unauthorized(err) {
		return err
	}
	if err := c.signIn(ctx); err != nil {
		var he *HostError
		if errors.As(err, &he) && errors.Is(he.Err, errTokenRefused) {
			he.Err = errSignInRefused
		}
		return err
	}
	return call()
}
