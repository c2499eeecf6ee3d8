"""Which public methods of Apple's AppStoreServerAPIClient a run called, and whether any answer
was the producer's "no such route" (404, errorCode 4049000): check_apple_library.py wraps the
client with `watch` and asks `missing()` and `unknown_routes` at the end."""
import inspect

from appstoreserverlibrary.api_client import AppStoreServerAPIClient

NO_SUCH_ROUTE = 4049000


def public_methods():
    """Every public method of the library's client (30 in app-store-server-library 3.1.2)."""
    return sorted(name for name, member in inspect.getmembers(AppStoreServerAPIClient, inspect.isfunction)
                  if not name.startswith("_"))


class Coverage:
    def __init__(self):
        self.called = set()
        self.unknown_routes = []

    def watch(self, client):
        """Records every public method called on `client` and every answer naming no route."""
        for name in public_methods():
            original = getattr(client, name)

            def wrapper(*args, __name=name, __original=original, **kwargs):
                self.called.add(__name)
                return __original(*args, **kwargs)
            setattr(client, name, wrapper)
        execute = client._execute_request

        def checked(method, url, params, headers, json, data):
            response = execute(method, url, params, headers, json, data)
            if response.status_code == 404:
                try:
                    code = response.json().get("errorCode")
                except ValueError:
                    code = None
                if code == NO_SUCH_ROUTE:
                    self.unknown_routes.append(f"{method} {url}")
            return response
        client._execute_request = checked
        return client

    def missing(self):
        return [name for name in public_methods() if name not in self.called]
