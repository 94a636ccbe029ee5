package fetch_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/fetch"
)

// sizedBuffer is a bytes.Buffer that is told the object's size before its first byte.
type sizedBuffer struct {
	bytes.Buffer
}

func (b *sizedBuffer) AnnounceSize(total int64) {
	fmt.Printf("%d bytes announced, %d written so far\n", total, b.Len())
}

func ExampleSizeAnnouncer() {
	srv := helloServer()
	defer srv.Close()
	var out sizedBuffer
	res, err := fetch.Get(context.Background(), srv.URL+"/hello.txt", &out, fetch.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q, Total %d\n", out.String(), res.Total)
	// Output:
	// 13 bytes announced, 0 written so far
	// "hello, world\n", Total 13
}

func ExampleOptions_checkURL() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://192.0.2.1:8080/", http.StatusFound)
	}))
	defer srv.Close()
	// A rule of the program's own: no port other than 80, except the test server's.
	srvPort := srv.Listener.Addr().(*net.TCPAddr).Port
	check := func(u locator.URL) error {
		if p, ok := u.Port(); ok && p != "" && p != "80" && p != strconv.Itoa(srvPort) {
			return errors.New("port " + p + " is not allowed")
		}
		return nil
	}
	_, err := fetch.Get(context.Background(), srv.URL+"/", &bytes.Buffer{}, fetch.Options{CheckURL: check})
	var fe *fetch.Error
	if errors.As(err, &fe) {
		fmt.Println(fe.Kind, fe.Code, fe.URL, fe.Reply)
		fmt.Println(fe.Err)
	}
	// Output:
	// safety check-url http://192.0.2.1:8080/ HTTP/1.0 302 Found
	// port 8080 is not allowed
}
