/* The shared library's one source of its own: its code is all of the
 * static library, linked whole (cmake/install.cmake). */
typedef int aj_shared_library_has_no_code_of_its_own;
