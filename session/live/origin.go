package live

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// checkURL refuses a host URL deck would not use as written: another
// scheme, no host, a port that is no number; a user name or password, which
// deck would drop (no harness host takes them); plain http:// to a host
// that is not loopback, unless o.Insecure. The query is tokenOf's.
func checkURL(u *url.URL, o Options) error {
	shown := shownURL(u)
	scheme := strings.ToLower(u.Scheme)
	switch {
	case scheme != "http" && scheme != "https":
		return fmt.Errorf("%q is not an http:// or https:// URL: a harness host speaks only HTTP, "+
			"give it as http://HOST:PORT", shown)
	case u.Host == "" || u.Hostname() == "":
		return fmt.Errorf("%q names no host: give it as http://HOST:PORT", shown)
	case u.Port() != "" && !digits(u.Port()):
		return fmt.Errorf("%q has a port that is not a number: give it as http://HOST:PORT", shown)
	case u.User != nil:
		return fmt.Errorf("%q holds a user name or password (USER:PASS@), which deck would drop: "+
			"a harness host takes none (a 0.2 host takes the ?token= of the URL it prints); give the URL without them", shown)
	case scheme == "http" && !loopback(u.Hostname()) && !o.Insecure:
		return fmt.Errorf("%q is plain http:// to %s, which is not this machine: the prompts deck sends and "+
			"all the host answers would cross the network unencrypted; use https://, or pass --insecure "+
			"if that network is yours", shown, u.Hostname())
	}
	return nil
}

// Unencrypted says whether the client talks plain http:// to a host that
// is not this machine (allowed only by Options.Insecure).
func (c *Client) Unencrypted() bool {
	u, err := url.Parse(c.base)
	return err == nil && u.Scheme == "http" && !loopback(u.Hostname())
}

// loopback reports whether host names this machine, as the harness host's
// own fence decides it: localhost or a loopback address.
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// shownURL is u for a message: no password, no query values.
func shownURL(u *url.URL) string {
	c := *u
	if c.RawQuery != "" {
		c.RawQuery = strings.TrimPrefix(queryKeys(u), "?")
	}
	return c.Redacted()
}

// queryKeys names a query's keys, never its values (a token is a secret).
func queryKeys(u *url.URL) string {
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil || len(q) == 0 {
		return "?…"
	}
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k+"=…")
	}
	slices.Sort(keys)
	return "?" + strings.Join(keys, "&")
}

// redact hides the password and the query of a URL deck could not parse,
// in a message.
func redact(raw string) string {
	if q := strings.IndexAny(raw, "?#"); q >= 0 {
		raw = raw[:q] + "?…"
	}
	if at := strings.LastIndex(raw, "@"); at >= 0 {
		if scheme := strings.Index(raw, "://"); scheme >= 0 && scheme < at {
			return raw[:scheme+3] + "…@" + raw[at+1:]
		}
		return "…@" + raw[at+1:]
	}
	return raw
}

// errOtherOrigin is why a redirect to another scheme, host or port is not
// followed: the request (a typed prompt, an answer) would be posted to a
// host the user never named, while deck still shows the first.
var errOtherOrigin = errors.New("deck follows no redirect to another host")

// sameOrigin is the client's redirect policy: a redirect is followed only
// to the same scheme, host and port, at most ten times; net/http re-posts a
// 307's or 308's body only then.
func sameOrigin(req *http.Request, via []*http.Request) error {
	if origin(req.URL) != origin(via[0].URL) {
		return fmt.Errorf("%w: the host at %s sent deck to %q", errOtherOrigin, origin(via[0].URL), origin(req.URL))
	}
	if len(via) >= 10 {
		return errors.New("the host redirected deck ten times")
	}
	return nil
}

// origin is a URL's scheme://host:port, the port written out.
func origin(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443", "ws": "80", "wss": "443"}[scheme]
	}
	return scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}
