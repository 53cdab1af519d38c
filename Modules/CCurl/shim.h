#ifndef SDK_CCURL_SHIM_H
#define SDK_CCURL_SHIM_H
#include <curl/curl.h>
// CurlTransport's engine waits on curl's sockets with epoll and is woken through an eventfd; Glibc's Swift
// module has neither header.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <poll.h>
#include <sys/syscall.h>
#include <unistd.h>

// poll(2) with a nanosecond timeout. glibc declares ppoll only under _GNU_SOURCE, which a Clang module
// cannot set for the system headers, so this calls the system call itself.
static inline int sdk_poll_nanoseconds(struct pollfd *fds, unsigned long count, long long nanoseconds) {
    struct timespec timeout = { (time_t)(nanoseconds / 1000000000), (long)(nanoseconds % 1000000000) };
    return (int)syscall(SYS_ppoll, fds, count, &timeout, (void *)0, (size_t)8);
}

// The feature bits (CURL_VERSION_*) of the libcurl in use; CURLVERSION_NOW is a macro Swift cannot read.
static inline int sdk_curl_version_features(void) {
    curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
    return info ? info->features : 0;
}

// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot call:
// these typed wrappers are the only way the Swift side reaches them.
static inline CURLcode sdk_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode sdk_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode sdk_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode sdk_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode sdk_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode sdk_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode sdk_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode sdk_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode sdk_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLMcode sdk_curl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}
static inline CURLMcode sdk_curl_multi_setopt_pointer(CURLM *handle, CURLMoption option, void *value) {
    return curl_multi_setopt(handle, option, value);
}
static inline CURLMcode sdk_curl_multi_setopt_socket_function(CURLM *handle, curl_socket_callback callback) {
    return curl_multi_setopt(handle, CURLMOPT_SOCKETFUNCTION, callback);
}
static inline CURLMcode sdk_curl_multi_setopt_timer_function(CURLM *handle, curl_multi_timer_callback callback) {
    return curl_multi_setopt(handle, CURLMOPT_TIMERFUNCTION, callback);
}

// Callback options: Swift can form a @convention(c) function pointer but cannot pass it through the
// variadic setopt (nor as void *), so each callback type gets its own typed setter.
static inline CURLcode sdk_curl_easy_setopt_write_function(CURL *handle, curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}
static inline CURLcode sdk_curl_easy_setopt_header_function(CURL *handle, curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}
static inline CURLcode sdk_curl_easy_setopt_read_function(CURL *handle, curl_read_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_READFUNCTION, callback);
}
static inline CURLcode sdk_curl_easy_setopt_seek_function(CURL *handle, curl_seek_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_SEEKFUNCTION, callback);
}
static inline CURLcode sdk_curl_easy_setopt_xferinfo_function(CURL *handle, curl_xferinfo_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}
static inline CURLcode sdk_curl_easy_setopt_debug_function(CURL *handle, curl_debug_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_DEBUGFUNCTION, callback);
}
static inline CURLcode sdk_curl_easy_setopt_prereq_function(CURL *handle, curl_prereq_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, callback);
}
static inline CURLcode sdk_curl_easy_setopt_sockopt_function(CURL *handle, curl_sockopt_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_SOCKOPTFUNCTION, callback);
}

// Macros Swift does not import because they are expressions, not literals.
static inline CURLcode sdk_curl_global_init_default(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}
static inline CURLcode sdk_curl_easy_unpause(CURL *handle) {
    return curl_easy_pause(handle, CURLPAUSE_CONT);
}
static const size_t sdk_curl_writefunc_pause = CURL_WRITEFUNC_PAUSE;
static const size_t sdk_curl_readfunc_abort = CURL_READFUNC_ABORT;
static const int sdk_curl_seekfunc_ok = CURL_SEEKFUNC_OK;
static const int sdk_curl_seekfunc_cantseek = CURL_SEEKFUNC_CANTSEEK;
static const int sdk_curl_prereqfunc_ok = CURL_PREREQFUNC_OK;
static const int sdk_curl_prereqfunc_abort = CURL_PREREQFUNC_ABORT;
static const curl_socket_t sdk_curl_socket_timeout = CURL_SOCKET_TIMEOUT;
#endif
