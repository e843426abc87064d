package dev.drivecat.web;

import dev.drivecat.common.DomainException;
import dev.drivecat.common.QueryParametersOf;
import dev.drivecat.common.Text;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.MultivaluedMap;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Checks the parameters of every request that reached a resource method, before the method runs:
 * <ul>
 * <li>a query parameter the method does not declare is a 400 naming it and the ones it takes: a
 * misspelt filter ({@code interfce=m2}) must not silently return everything. What a method takes
 * is read from its declaration: its {@code @QueryParam}s (also inside a {@code @BeanParam}), and
 * the query parameters its OpenAPI {@code @Parameter}s describe when it reads them itself;</li>
 * <li>a control character (U+0000–U+001F, U+007F–U+009F) in a query or path parameter is a 400
 * naming the parameter: no parameter of this API is text with control characters in it, and
 * PostgreSQL refuses U+0000 in a text value outright.</li>
 * </ul>
 */
public class RequestParameters {

    private static final Map<Method, List<String>> DECLARED = new ConcurrentHashMap<>();

    @ServerRequestFilter
    public void check(ContainerRequestContext request, ResourceInfo resource) {
        Method method = resource.getResourceMethod();
        if (method == null) {
            return;
        }
        MultivaluedMap<String, String> query = request.getUriInfo().getQueryParameters();
        List<String> declared = DECLARED.computeIfAbsent(method, RequestParameters::queryParameters);
        for (String name : query.keySet()) {
            if (!declared.contains(name)) {
                String detail = "'" + Text.quote(name) + "' is not a query parameter of this operation; "
                        + (declared.isEmpty() ? "it takes none" : "it takes " + String.join(", ", declared));
                throw DomainException.invalidParameter(name, detail).with("allowed", declared);
            }
        }
        for (Map.Entry<String, List<String>> parameter : query.entrySet()) {
            rejectControlCharacters(parameter.getKey(), parameter.getValue());
        }
        for (Map.Entry<String, List<String>> parameter : request.getUriInfo().getPathParameters().entrySet()) {
            rejectControlCharacters(parameter.getKey(), parameter.getValue());
        }
    }

    private static void rejectControlCharacters(String name, List<String> values) {
        for (String value : values) {
            int at = firstControlCharacter(value);
            if (at >= 0) {
                throw DomainException.invalidParameter(name, String.format(
                        "%s holds a control character (U+%04X) at position %d; parameters take printable text only",
                        name, (int) value.charAt(at), at + 1));
            }
        }
    }

    /** The index of the first C0 or C1 control character (Unicode category Cc), or -1. */
    public static int firstControlCharacter(String value) {
        if (value == null) {
            return -1;
        }
        for (int i = 0; i < value.length(); i++) {
            if (Character.isISOControl(value.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    /** The query parameters a resource method declares, in declaration order: those of the method it names first, then its own. */
    static List<String> queryParameters(Method method) {
        Set<String> names = new LinkedHashSet<>();
        QueryParametersOf same = method.getAnnotation(QueryParametersOf.class);
        if (same != null) {
            List<Method> named = java.util.Arrays.stream(same.type().getMethods()).filter(m -> m.getName().equals(same.method())).toList();
            if (named.size() != 1) {
                throw new IllegalStateException(method + " names " + same.type().getSimpleName() + "." + same.method()
                        + ", which is " + (named.isEmpty() ? "not a public method" : "overloaded"));
            }
            names.addAll(queryParameters(named.get(0)));
        }
        for (java.lang.reflect.Parameter parameter : method.getParameters()) {
            addQueryParam(parameter, names);
            if (parameter.isAnnotationPresent(BeanParam.class)) {
                names.addAll(beanQueryParameters(parameter.getType()));
            }
        }
        Parameters described = method.getAnnotation(Parameters.class);
        List<Parameter> openApi = new ArrayList<>(described == null ? List.of() : List.of(described.value()));
        openApi.addAll(List.of(method.getAnnotationsByType(Parameter.class)));
        for (Parameter parameter : openApi) {
            if (parameter.in() == ParameterIn.QUERY && !parameter.name().isEmpty()) {
                names.add(parameter.name());
            }
        }
        return List.copyOf(names);
    }

    private static List<String> beanQueryParameters(Class<?> type) {
        // a record component's @QueryParam lands on its field (the annotation does not target components)
        Set<String> names = new LinkedHashSet<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (java.lang.reflect.Field field : c.getDeclaredFields()) {
                addQueryParam(field, names);
            }
        }
        return List.copyOf(names);
    }

    private static void addQueryParam(AnnotatedElement element, Set<String> names) {
        QueryParam query = element.getAnnotation(QueryParam.class);
        if (query != null) {
            names.add(query.value());
        }
    }
}
