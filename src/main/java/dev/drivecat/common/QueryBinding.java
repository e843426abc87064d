package dev.drivecat.common;

import jakarta.ws.rs.QueryParam;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Binds a record of query parameters (a resource's {@code @BeanParam}: each component names its
 * parameter with {@code @QueryParam}) from a map of parameters, as JAX-RS binds it from a request,
 * with the same readers ({@link QueryValues}): for a page that asks an operation's question from a
 * form, or a question another input completes (a pasted pool's layout). A list takes the values
 * given repeated or comma-separated, in order, once each; any other component takes one value, and
 * a parameter given twice is a 400 ({@link #requireOnce}, which a resource that lets JAX-RS bind
 * calls too). A String component takes the text as given.
 *
 * @param <R> the record
 */
public final class QueryBinding<R extends Record> {

    private final Class<R> type;
    private final Constructor<R> constructor;
    private final List<Part> parts = new ArrayList<>();

    /** One component: its parameter's name, whether it takes a list, and how a value is read. */
    private record Part(String name, boolean list, Function<String, Object> reader) {
    }

    private QueryBinding(Class<R> type) {
        this.type = type;
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent c = components[i];
            types[i] = c.getType();
            Annotation[] annotations = field(type, c.getName()).getAnnotations();
            String name = QueryValues.name(annotations);
            if (name == null) {
                throw new IllegalArgumentException(type.getSimpleName() + "." + c.getName() + " names no @QueryParam");
            }
            boolean list = c.getType() == List.class;
            Class<?> valueType = list ? (Class<?>) ((ParameterizedType) c.getGenericType()).getActualTypeArguments()[0] : c.getType();
            Function<String, Object> reader = QueryValues.reader(valueType, name, annotations);
            if (reader == null && valueType != String.class) {
                throw new IllegalArgumentException(type.getSimpleName() + "." + c.getName() + ": no reader for " + valueType);
            }
            parts.add(new Part(name, list, reader == null ? text -> text : reader));
        }
        try {
            this.constructor = type.getDeclaredConstructor(types);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Field field(Class<?> type, String name) {
        try {
            return type.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final Map<Class<?>, QueryBinding<?>> BINDINGS = new java.util.concurrent.ConcurrentHashMap<>();

    /** The binding of {@code type}, made once. */
    @SuppressWarnings("unchecked")
    public static <R extends Record> QueryBinding<R> of(Class<R> type) {
        return (QueryBinding<R>) BINDINGS.computeIfAbsent(type, t -> new QueryBinding<>(type));
    }

    /** The record the parameters give; a value that does not convert, or a single value given twice, is a 400. */
    public R bind(Map<String, List<String>> raw) {
        requireOnce(raw);
        Object[] values = new Object[parts.size()];
        for (int i = 0; i < values.length; i++) {
            Part part = parts.get(i);
            List<String> given = raw.getOrDefault(part.name(), List.of());
            if (part.list()) {
                Set<Object> read = new LinkedHashSet<>();
                for (String text : Params.values(given)) {
                    Object value = part.reader().apply(text);
                    if (value != null) {
                        read.add(value);
                    }
                }
                values[i] = List.copyOf(read);
            } else {
                values[i] = given.isEmpty() ? null : part.reader().apply(given.get(0));
            }
        }
        try {
            return constructor.newInstance(values);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A parameter that takes one value, given more than once, is a 400 that says so. */
    public void requireOnce(Map<String, List<String>> raw) {
        for (Part part : parts) {
            if (!part.list()) {
                Params.one(raw, part.name());
            }
        }
    }

    /** The parameters, in the record's order. */
    public List<String> names() {
        return parts.stream().map(Part::name).toList();
    }

    @Override
    public String toString() {
        return "QueryBinding[" + type.getSimpleName() + "]";
    }
}
